import type pg from "pg";
import type { RecordedEvent } from "../event-store.ts";
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from "./stream-reader.ts";

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

// `last`: an index probe on the primary key per row, done by PostgreSQL while Node works.
const SCAN = `DECLARE ledger_scan NO SCROLL CURSOR FOR
  SELECT ${EVENT_COLUMNS}, NOT EXISTS (
      SELECT 1 FROM ledger_events n WHERE n.stream_id = e.stream_id AND n.revision = e.revision + 1
    ) AS last
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
      const fetch = () => client.query<ScanRow>(`FETCH ${pageSize} FROM ledger_scan`);
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

interface ScanRow extends EventRow {
  last: boolean;
}

function toScannedEvent(row: ScanRow): ScannedEvent {
  return { ...toRecordedEvent(row), last: row.last };
}
