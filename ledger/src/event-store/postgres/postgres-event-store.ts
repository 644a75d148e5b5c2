import pg from "pg";
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  InvalidEventError,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from "../event-store.ts";
import { eventBody } from "../hash-chain.ts";
import { createWakeups, pollingSubscription } from "../subscription-loop.ts";
import { assertValidAppend, assertValidStreamId } from "../validate-new-events.ts";

export interface PostgresEventStoreOptions {
  /** A pool the store shares with its owner (not closed by `close`), or a connection string. */
  pool?: pg.Pool;
  connectionString?: string;
  poolSize?: number;
  idlePollMs?: number;
}

const EXPECTED_CODES: Record<Exclude<ExpectedRevision, number>, number> = {
  no_stream: -1,
  any: -2,
  stream_exists: -3,
};

const SELECT_EVENTS = `SELECT transaction_id::text AS tx, global_position, stream_id, revision,
  event_id, type, data, metadata, recorded_at, prev_hash, hash FROM ledger_events`;

// Only events of transactions older than every running one are visible to global readers.
const READ_ALL_FROM_START = `${SELECT_EVENTS}
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position LIMIT $1`;
const READ_ALL_AFTER = `${SELECT_EVENTS}
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position LIMIT $3`;
const READ_STREAM = `${SELECT_EVENTS}
  WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;

export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const ownsPool = !options.pool;
  const pool =
    options.pool ??
    new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 16 });
  const wakeups = createWakeups();

  const store: EventStore = {
    name: "postgres",

    async append(streamId, events, expected): Promise<AppendResult> {
      assertValidAppend(streamId, events);
      const code = typeof expected === "number" ? expected : EXPECTED_CODES[expected];
      if (!Number.isSafeInteger(code) || code < -3) {
        throw new InvalidEventError(`Invalid expected revision ${String(expected)}.`);
      }
      try {
        const { rows } = await pool.query("SELECT * FROM ledger_append($1, $2, $3)", [
          streamId,
          code,
          events.map(eventBody),
        ]);
        const row = rows[0];
        if (!row.duplicate) wakeups.emit();
        return {
          nextRevision: Number(row.next_revision),
          position: row.last_position,
          duplicate: row.duplicate,
        };
      } catch (error) {
        throw translateError(error, streamId, expected);
      }
    },

    async readStream(streamId, { fromRevision = 0, maxCount = 1_000_000 }: ReadStreamOptions = {}) {
      assertValidStreamId(streamId);
      const { rows } = await pool.query(READ_STREAM, [streamId, fromRevision, maxCount]);
      return rows.map(toRecordedEvent);
    },

    async readAll({ after, maxCount }: ReadAllOptions) {
      if (after === undefined) {
        const { rows } = await pool.query(READ_ALL_FROM_START, [maxCount]);
        return rows.map(toRecordedEvent);
      }
      const [tx, position] = parsePosition(after);
      const { rows } = await pool.query(READ_ALL_AFTER, [tx, position, maxCount]);
      return rows.map(toRecordedEvent);
    },

    subscribe(subscribeOptions: SubscribeOptions) {
      return pollingSubscription(store, subscribeOptions, wakeups, options.idlePollMs);
    },

    async close() {
      if (ownsPool) await pool.end();
    },
  };
  return store;
}

function parsePosition(position: string): [string, string] {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new InvalidEventError(`Invalid position "${position}".`);
  return [match[1]!, match[2]!];
}

interface EventRow {
  tx: string;
  global_position: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  data: RecordedEvent["data"];
  metadata: RecordedEvent["metadata"];
  recorded_at: Date;
  prev_hash: string;
  hash: string;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: `${row.tx}:${row.global_position}`,
    recordedAt: row.recorded_at,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Turns the append function's SQLSTATEs into the port's typed errors. */
function translateError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  const pgError = error as { code?: string; detail?: string; message?: string };
  if (pgError.code === "LG409") {
    const actual = Number(pgError.detail);
    return new WrongExpectedRevisionError(streamId, expected, actual < 0 ? "no_stream" : actual);
  }
  if (pgError.code === "LG422") {
    return new InvalidEventError("An event id in this append is already used by another append.");
  }
  if (pgError.code === "22P02" || pgError.code === "22023") {
    return new InvalidEventError(`Event refused by the database: ${pgError.message}`);
  }
  return error;
}
