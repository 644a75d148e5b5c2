import { type EventStore, openLedgerSnapshot, type RecordedEvent } from "@igp/ledger";
import type pg from "pg";

/** An event as the audit reads it; `last`: its stream has no later revision (when known). */
export type AuditedEvent = RecordedEvent & { last?: boolean };

/** What the audit reads: the ledger page by page, and the read models, in one snapshot. */
export interface AuditSource {
  pages: AsyncIterable<AuditedEvent[]>;
  /** A connection inside a read-only transaction, for the read models. */
  db: pg.ClientBase;
  /**
   * Work on a second connection in the same snapshot, beside the replay: checks of the read
   * models against each other, which need nothing from the events.
   */
  alongside<T>(work: (db: pg.ClientBase) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Rows a fetch: small, so that a page's parsed events (and the page fetched ahead) can die in
 * V8's young generation rather than be promoted (what a scavenge copies is the pages alive);
 * round trips are overlapped with the work. 250 rather than 1,000: 5% less CPU, 7% less wall
 * time at 1M (docs/audit.md, Figures).
 */
const PAGE = 250;

/**
 * PostgreSQL: one REPEATABLE READ snapshot for the events and the read models, each event
 * knowing whether it ends its stream (so the audit can drop the stream), pages read ahead.
 * Another store (KurrentDB): its global order page by page, the next page asked for while one
 * is worked on, the read models in a snapshot of their own (nothing is known to end: every
 * stream is held to the end, as before).
 */
export async function openAuditSource(store: EventStore, pool: pg.Pool): Promise<AuditSource> {
  if (store.name === "postgres") {
    const snapshot = await openLedgerSnapshot(pool);
    return {
      pages: snapshot.pages(PAGE),
      db: snapshot.client,
      alongside: (work) => inSameSnapshot(pool, snapshot.client, work),
      close: () => snapshot.close(),
    };
  }
  const db = await pool.connect();
  await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  return {
    pages: readAhead(store),
    db,
    alongside: (work) => inSameSnapshot(pool, db, work),
    async close() {
      try {
        await db.query("COMMIT");
      } finally {
        db.release();
      }
    },
  };
}

async function* readAhead(store: EventStore): AsyncGenerator<AuditedEvent[]> {
  let next = store.readAll({ maxCount: PAGE });
  for (;;) {
    const page = await next;
    if (page.length === 0) return;
    next = store.readAll({ after: page.at(-1)!.position, maxCount: PAGE });
    next.catch(() => {}); // reported when awaited
    yield page;
  }
}

/**
 * `work` on another connection of the pool that sees what `client`'s REPEATABLE READ transaction
 * sees (PostgreSQL's exported snapshot), so PostgreSQL can run it on its own while Node works.
 */
async function inSameSnapshot<T>(
  pool: pg.Pool,
  client: pg.ClientBase,
  work: (db: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const { rows } = await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id");
  const other = await pool.connect();
  let broken: Error | undefined;
  try {
    await other.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // The id comes from PostgreSQL (hex digits and dashes); SET takes no parameter.
    await other.query(`SET TRANSACTION SNAPSHOT '${rows[0]!.id}'`);
    return await work(other);
  } finally {
    await other.query("ROLLBACK").catch((error: Error) => {
      broken = error;
    });
    other.release(broken);
  }
}
