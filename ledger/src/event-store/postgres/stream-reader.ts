import type pg from "pg";
import type { RecordedEvent, UnchainedEvent } from "../event-store.ts";
import { batchOfTheMoment } from "./batch-of-the-moment.ts";

/** One stream's events from a revision on, at most `maxCount` of them. */
export interface StreamRead {
  streamId: string;
  fromRevision: number;
  maxCount: number;
}

/** An event row's columns, as every read of the store selects them. */
export const EVENT_COLUMNS = `transaction_id::text AS tx, global_position, stream_id, revision,
  event_id, type, data, metadata, recorded_at, prev_hash, hash`;

/** A row of EVENT_COLUMNS. */
export interface EventRow {
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

/** A row without the columns only the chain needs (readAllUnchained's). */
export type UnchainedRow = Omit<EventRow, "recorded_at" | "prev_hash" | "hash">;

export function toUnchainedEvent(row: UnchainedRow): UnchainedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: `${row.tx}:${row.global_position}`,
  };
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  const event = toUnchainedEvent(row) as RecordedEvent;
  event.recordedAt = row.recorded_at;
  event.prevHash = row.prev_hash;
  event.hash = row.hash;
  return event;
}

const READ_STREAM = `SELECT ${EVENT_COLUMNS} FROM ledger_events
  WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;

const READ_STREAMS = `SELECT q.read, e.* FROM
  unnest($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS q(stream_id, from_revision, max_count, read)
  CROSS JOIN LATERAL (
    SELECT ${EVENT_COLUMNS} FROM ledger_events
     WHERE stream_id = q.stream_id AND revision >= q.from_revision
     ORDER BY revision LIMIT q.max_count
  ) e
  ORDER BY q.read, e.revision`;

/**
 * Stream reads of one moment in one query (batchOfTheMoment): many rounds settling at once each
 * read their stream, and a query each would hold back the appends waiting behind them for the
 * pool's connections. A read alone is the plain query.
 */
export function streamReader(pool: pg.Pool) {
  return batchOfTheMoment<StreamRead, pg.QueryResultRow[]>(async (reads) => {
    if (reads.length === 1) {
      const [{ streamId, fromRevision, maxCount }] = reads as [StreamRead];
      return [(await pool.query(READ_STREAM, [streamId, fromRevision, maxCount])).rows];
    }
    const { rows } = await pool.query(READ_STREAMS, [
      reads.map((read) => read.streamId),
      reads.map((read) => read.fromRevision),
      reads.map((read) => read.maxCount),
    ]);
    const byRead = reads.map((): pg.QueryResultRow[] => []);
    for (const row of rows) byRead[Number(row.read) - 1]!.push(row);
    return byRead;
  }, 200);
}
