import type pg from "pg";
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  InvalidEventError,
  type ListStreamsOptions,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StreamAppend,
  type StreamHead,
  type SubscribeOptions,
  type UnchainedEvent,
  WrongExpectedRevisionError,
} from "../event-store.ts";
import { createWakeups, pollingSubscription } from "../subscription-loop.ts";
import {
  assertValidAppend,
  assertValidAppends,
  assertValidStreamId,
} from "../validate-new-events.ts";
import { AppendBatcher } from "./append-batcher.ts";
import { batchOfTheMoment } from "./batch-of-the-moment.ts";
import { createPgPool } from "./create-pool.ts";
import {
  EVENT_COLUMNS,
  type EventRow,
  streamReader,
  toRecordedEvent,
  toUnchainedEvent,
  type UnchainedRow,
} from "./stream-reader.ts";

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

/** Appends with `any` or `stream_exists` retry when a concurrent append takes their revision. */
const MAX_LOOSE_ATTEMPTS = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SELECT_EVENTS = `SELECT ${EVENT_COLUMNS} FROM ledger_events`;

// Only events of transactions older than every running one are visible to global readers.
const READ_ALL_FROM_START = `${SELECT_EVENTS}
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position LIMIT $1`;
const READ_ALL_AFTER = `${SELECT_EVENTS}
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position LIMIT $3`;

// readAllUnchained: the same events, without the columns only the chain needs.
const READ_UNCHAINED = `SELECT transaction_id::text AS tx, global_position, stream_id, revision,
    event_id, type, data, metadata FROM ledger_events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position LIMIT $3`;

// Times reach JavaScript in milliseconds, PostgreSQL keeps microseconds: an event shown as
// recorded at 12:00:00.225 is recorded "until 12:00:00.225".
const READ_STREAM_UNTIL = `${SELECT_EVENTS}
  WHERE stream_id = $1 AND revision >= $2 AND date_trunc('milliseconds', recorded_at) <= $3
  ORDER BY revision LIMIT $4`;

const STREAM_HEAD = `SELECT transaction_id::text AS tx, global_position, stream_id, revision, hash,
  recorded_at FROM ledger_events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`;

// Each stream's last event (the primary key's index, stream_id and revision, read backwards),
// the latest in the global order first; the prefix is a LIKE pattern, its wildcards escaped.
const LIST_STREAMS = `WITH heads AS (
    SELECT DISTINCT ON (stream_id) transaction_id::text AS tx, transaction_id, global_position,
           stream_id, revision, hash, recorded_at
      FROM ledger_events WHERE stream_id LIKE $1
     ORDER BY stream_id, revision DESC)
  SELECT tx, global_position, stream_id, revision, hash, recorded_at, count(*) OVER () AS total
    FROM heads ORDER BY transaction_id DESC, global_position DESC LIMIT $2 OFFSET $3`;

const COUNT_STREAMS = `SELECT count(DISTINCT stream_id) AS total FROM ledger_events
  WHERE stream_id LIKE $1`;

export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const ownsPool = !options.pool;
  const pool = options.pool ?? createPgPool(options.connectionString!, options.poolSize ?? 16);
  const wakeups = createWakeups();
  const batcher = new AppendBatcher(pool);
  const readStream = streamReader(pool);
  // The process's subscriptions (projections, balance pushes, transfers) are woken by the same
  // appends and mostly follow the same head: the same read asked in one moment runs once.
  const readAllOfTheMoment = batchOfTheMoment<string, EventRow[]>(async (keys) => {
    const reads = new Map<string, Promise<EventRow[]>>();
    for (const key of keys) if (!reads.has(key)) reads.set(key, readAllRows(pool, key));
    return Promise.all(keys.map((key) => reads.get(key)!));
  });

  /**
   * Validated appends to distinct streams (`bodies`: each one's event bodies, as validated),
   * stored in one transaction, all or none.
   */
  async function appendAll(appends: StreamAppend[], bodies: string[][]): Promise<AppendResult[]> {
    const requests = appends.map(({ streamId, expected }, i) => ({
      streamId,
      expected: expectedCode(expected),
      bodies: bodies[i]!,
    }));
    for (let attempt = 1; ; attempt++) {
      let refused: Refusal;
      let actual: { index: number; revision: number } | null = null;
      try {
        const outcome = await batcher.append(requests);
        if (outcome.stored) {
          wakeups.emit();
          return outcome.results.map((stored) => ({ ...stored, duplicate: false }));
        }
        refused = "revision";
        actual = { index: outcome.index, revision: outcome.actualRevision };
      } catch (error) {
        refused = classifyRefusal(error);
      }
      // A retry of an append that was stored: return the original, whatever the revision.
      const originals = await findOriginals(pool, appends);
      if (originals) return originals;
      if (refused === "event_id") continue; // its owner rolled back meanwhile: try again
      const loose = appends.some(
        ({ expected }) => expected === "any" || expected === "stream_exists",
      );
      if (refused === "taken" && loose && attempt < MAX_LOOSE_ATTEMPTS) continue;
      actual ??= await firstMismatch(pool, appends);
      if (!actual) continue; // the revision taken meanwhile matches again: try again
      const { streamId, expected } = appends[actual.index]!;
      const revision = actual.revision;
      throw new WrongExpectedRevisionError(
        streamId,
        expected,
        revision < 0 ? "no_stream" : revision,
      );
    }
  }

  const store: EventStore = {
    name: "postgres",

    atomicMultiStream: true,

    async append(streamId, events, expected): Promise<AppendResult> {
      const bodies = assertValidAppend(streamId, events);
      return (await appendAll([{ streamId, events, expected }], [bodies]))[0]!;
    },

    async appendMany(appends) {
      return appendAll(appends, assertValidAppends(appends));
    },

    async readStream(
      streamId,
      { fromRevision = 0, maxCount = 1_000_000, recordedUntil }: ReadStreamOptions = {},
    ) {
      assertValidStreamId(streamId);
      const rows = recordedUntil
        ? (
            await pool.query<EventRow>(READ_STREAM_UNTIL, [
              streamId,
              fromRevision,
              recordedUntil,
              maxCount,
            ])
          ).rows
        : await readStream({ streamId, fromRevision, maxCount });
      return rows.map((row) => toRecordedEvent(row as EventRow));
    },

    async streamHead(streamId) {
      assertValidStreamId(streamId);
      const { rows } = await pool.query<HeadRow>(STREAM_HEAD, [streamId]);
      return rows[0] ? toStreamHead(rows[0]) : null;
    },

    async listStreams({ prefix, offset = 0, limit }: ListStreamsOptions) {
      const pattern = `${prefix.replace(/[\\%_]/g, "\\$&")}%`;
      const { rows } = await pool.query<HeadRow & { total: string }>(LIST_STREAMS, [
        pattern,
        limit,
        offset,
      ]);
      // A page past the end has no row to carry the count: count on its own.
      const total =
        rows[0]?.total ??
        (offset === 0 ? 0 : (await pool.query(COUNT_STREAMS, [pattern])).rows[0].total);
      return { streams: rows.map(toStreamHead), total: Number(total) };
    },

    async revisionOf(streamId, eventId) {
      assertValidStreamId(streamId);
      if (!UUID.test(eventId)) return null;
      const { rows } = await pool.query<{ revision: string }>(
        "SELECT revision FROM ledger_events WHERE event_id = $1 AND stream_id = $2",
        [eventId, streamId],
      );
      return rows[0] ? Number(rows[0].revision) : null;
    },

    async readAll({ after, maxCount }: ReadAllOptions) {
      if (after !== undefined) parsePosition(after); // a bad position is refused at once
      const rows = await readAllOfTheMoment(JSON.stringify([after ?? null, maxCount]));
      return rows.map(toRecordedEvent);
    },

    async readAllUnchained({ after, maxCount }: ReadAllOptions): Promise<UnchainedEvent[]> {
      // (0, 0) comes before every event: transaction ids and positions start at 1.
      const from = after === undefined ? ["0", "0"] : parsePosition(after);
      const { rows } = await pool.query<UnchainedRow>(READ_UNCHAINED, [...from, maxCount]);
      return rows.map(toUnchainedEvent);
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

/**
 * One `readAll` query; `key` is `[after or null, maxCount]` as JSON. Its events' data and
 * metadata are frozen: the readers that shared the read share them too.
 */
async function readAllRows(pool: pg.Pool, key: string): Promise<EventRow[]> {
  const [after, maxCount] = JSON.parse(key) as [string | null, number];
  const { rows } =
    after === null
      ? await pool.query<EventRow>(READ_ALL_FROM_START, [maxCount])
      : await pool.query<EventRow>(READ_ALL_AFTER, [...parsePosition(after), maxCount]);
  for (const row of rows) {
    deepFreeze(row.data);
    deepFreeze(row.metadata);
  }
  return rows;
}

function deepFreeze(value: unknown) {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  for (const inner of Object.values(value)) deepFreeze(inner);
  Object.freeze(value);
}

function parsePosition(position: string): [string, string] {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new InvalidEventError(`Invalid position "${position}".`);
  return [match[1]!, match[2]!];
}

type HeadRow = Pick<
  EventRow,
  "tx" | "global_position" | "stream_id" | "revision" | "hash" | "recorded_at"
>;

function toStreamHead(row: HeadRow): StreamHead {
  return {
    streamId: row.stream_id,
    revision: Number(row.revision),
    hash: row.hash,
    position: `${row.tx}:${row.global_position}`,
    recordedAt: row.recorded_at,
  };
}

/**
 * Why the database refused an append: a concurrent append took the revision first (`taken`),
 * or an event id already exists. Anything else is not a refusal and is thrown as it is.
 */
type Refusal = "revision" | "taken" | "event_id";

function classifyRefusal(error: unknown): Refusal {
  const pgError = error as { code?: string; constraint?: string; message?: string };
  if (pgError.code === "23505" && pgError.constraint === "ledger_events_stream_revision")
    return "taken";
  if (pgError.code === "23505" && pgError.constraint === "ledger_events_event_id")
    return "event_id";
  if (pgError.code === "22P02" || pgError.code === "22023") {
    throw new InvalidEventError(`Event refused by the database: ${pgError.message}`);
  }
  throw error;
}

/** The original results when every event id is already stored in its own append's stream;
 *  throws when an id belongs to another append; null when none is stored. */
async function findOriginals(
  pool: pg.Pool,
  appends: StreamAppend[],
): Promise<AppendResult[] | null> {
  const events = appends.flatMap(({ events }) => events);
  const { rows } = await pool.query(
    `SELECT event_id::text AS id, stream_id, revision, transaction_id::text AS tx, global_position
       FROM ledger_events WHERE event_id = ANY ($1::uuid[])`,
    [events.map((event) => event.id)],
  );
  if (rows.length === 0) return null;
  const streamOf = new Map(rows.map((row) => [row.id as string, row.stream_id as string]));
  const mine = appends.every(({ streamId, events }) =>
    events.every((event) => streamOf.get(event.id.toLowerCase()) === streamId),
  );
  if (!mine) {
    throw new InvalidEventError("An event id in this append is already used by another append.");
  }
  return appends.map(({ streamId }) => {
    const last = rows
      .filter((row) => row.stream_id === streamId)
      .reduce((a, b) => (Number(b.revision) > Number(a.revision) ? b : a));
    return {
      nextRevision: Number(last.revision),
      position: `${last.tx}:${last.global_position}`,
      duplicate: true,
    };
  });
}

/** The first append whose stream is not at its expected revision, with the stream's actual one. */
async function firstMismatch(pool: pg.Pool, appends: StreamAppend[]) {
  for (const [index, { streamId, expected }] of appends.entries()) {
    const revision = await currentRevision(pool, streamId);
    if (!matchesExpected(expected, revision)) return { index, revision };
  }
  return null;
}

function matchesExpected(expected: ExpectedRevision, revision: number): boolean {
  if (expected === "any") return true;
  if (expected === "no_stream") return revision < 0;
  if (expected === "stream_exists") return revision >= 0;
  return revision === expected;
}

function expectedCode(expected: ExpectedRevision): number {
  const code = typeof expected === "number" ? expected : EXPECTED_CODES[expected];
  if (!Number.isSafeInteger(code) || code < -3) {
    throw new InvalidEventError(`Invalid expected revision ${String(expected)}.`);
  }
  return code;
}

async function currentRevision(pool: pg.Pool, streamId: string): Promise<number> {
  const { rows } = await pool.query(
    "SELECT coalesce(max(revision), -1) AS revision FROM ledger_events WHERE stream_id = $1",
    [streamId],
  );
  return Number(rows[0].revision);
}
