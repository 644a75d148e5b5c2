import type pg from "pg";
import type { RecordedEvent } from "../event-store.ts";

/** An event as a whole-ledger scan gives it, knowing whether it is its stream's last one. */
export interface ScannedEvent extends RecordedEvent {
  /** No later revision of this stream exists in the snapshot: the stream's head. */
  last: boolean;
}

/**
 * The whole ledger read in one consistent snapshot (a REPEATABLE READ, READ ONLY transaction on
 * one connection), for a reader that must see everything exactly once and know when each stream
 * ends: the audit. Other queries run in the same snapshot (`query`), so read models read there
 * agree with the events read.
 */
export interface LedgerSnapshot {
  /** Pages of events in global order; the next page is fetched while the caller works on one. */
  pages(pageSize?: number): AsyncGenerator<ScannedEvent[]>;
  /** The snapshot's connection, inside its transaction. */
  readonly client: pg.ClientBase;
  close(): Promise<void>;
}

// Decoded cheaply, since a scan decodes every event of the ledger: the position joined by
// PostgreSQL, the time as epoch milliseconds (a number, where a timestamp's text would be parsed
// into a date), rows as arrays (no object per row before the event's own).
// `last`: an index probe on the primary key per row, done by PostgreSQL while Node works.
const SCAN = `DECLARE ledger_scan NO SCROLL CURSOR FOR
  SELECT transaction_id::text || ':' || global_position, stream_id, revision::float8, event_id,
         type, data, metadata,
         (extract(epoch FROM date_trunc('milliseconds', recorded_at)) * 1000)::float8,
         prev_hash, hash,
         NOT EXISTS (
           SELECT 1 FROM ledger_events n WHERE n.stream_id = e.stream_id AND n.revision = e.revision + 1
         )
    FROM ledger_events e ORDER BY transaction_id, global_position`;

export async function openLedgerSnapshot(pool: pg.Pool): Promise<LedgerSnapshot> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  } catch (error) {
    client.release();
    throw error;
  }
  let open = true;
  return {
    async *pages(pageSize = 1_000) {
      await client.query(SCAN);
      const fetch = () =>
        client.query<ScanRow>({ text: `FETCH ${pageSize} FROM ledger_scan`, rowMode: "array" });
      for (let next = fetch(); ; ) {
        const { rows } = await next;
        if (rows.length === 0) break;
        // Read ahead: PostgreSQL sends the next page while this one is worked on.
        next = fetch();
        next.catch(() => {}); // reported when awaited
        yield rows.map(toScannedEvent);
      }
      await client.query("CLOSE ledger_scan");
    },
    client,
    async close() {
      if (!open) return;
      open = false;
      try {
        await client.query("ROLLBACK");
      } finally {
        client.release();
      }
    },
  };
}

/** A row of SCAN, in its columns' order. */
type ScanRow = [
  position: string,
  streamId: string,
  revision: number,
  id: string,
  type: string,
  data: ScannedEvent["data"],
  metadata: ScannedEvent["metadata"],
  recordedMs: number,
  prevHash: string,
  hash: string,
  last: boolean,
];

function toScannedEvent(row: ScanRow): ScannedEvent {
  return {
    id: row[3],
    type: row[4],
    data: row[5],
    metadata: row[6],
    streamId: row[1],
    revision: row[2],
    position: row[0],
    recordedAt: new Date(row[7]),
    prevHash: row[8],
    hash: row[9],
    last: row[10],
  };
}
