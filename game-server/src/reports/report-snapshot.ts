import type pg from "pg";

/**
 * Runs `read` in one repeatable-read, read-only transaction: every query it makes sees the
 * read models as they stood at its first, whatever money moves meanwhile.
 */
export async function inSnapshot<T>(pool: pg.Pool, read: (db: pg.ClientBase) => Promise<T>) {
  const db = await pool.connect();
  try {
    await beginSnapshot(db);
    const result = await read(db);
    await db.query("COMMIT");
    return result;
  } catch (error) {
    await db.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    db.release();
  }
}

/**
 * A repeatable-read, read-only transaction whose sorts and hashes of a year's rows stay in
 * memory (the default 4 MB spills a report's grouping to disk).
 */
async function beginSnapshot(db: pg.ClientBase) {
  await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  await db.query("SET LOCAL work_mem = '64MB'");
}

/** Rows fetched per round trip while streaming an export. */
export const EXPORT_FETCH_ROWS = 1_000;

/**
 * A query's rows, `batch` at a time from a server-side cursor inside one repeatable-read
 * snapshot: an export of millions of rows holds only one batch in memory, and every row is of
 * one moment. `prepare` runs first in the same snapshot (a report's heading figures).
 */
export async function* streamRows<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  query: { text: string; values: unknown[] },
  batch = EXPORT_FETCH_ROWS,
): AsyncGenerator<Row[]> {
  const db = await pool.connect();
  let open = false;
  try {
    await beginSnapshot(db);
    open = true;
    // An export reads every row: plan for all of them, not for the first few (the default).
    await db.query("SET LOCAL cursor_tuple_fraction = 1");
    await db.query(`DECLARE export NO SCROLL CURSOR FOR ${query.text}`, query.values);
    for (;;) {
      const { rows } = await db.query<Row>(`FETCH ${batch} FROM export`);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
    }
    await db.query("COMMIT");
    open = false;
  } finally {
    // A reader that stops early (a closed download) ends the snapshot here.
    if (open) await db.query("ROLLBACK").catch(() => {});
    db.release();
  }
}
