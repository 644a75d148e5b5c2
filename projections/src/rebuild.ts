import type { EventStore } from "@igp/ledger";
import type pg from "pg";
import { applyEvents, PROJECTIONS_CHECKPOINT, PROJECTORS } from "./projection-runner.ts";

/**
 * Empties every read model and replays the whole ledger into it, in one transaction: readers
 * see the old tables until the new ones are complete. Stop the projection runner first.
 */
export async function rebuildProjections(store: EventStore, pool: pg.Pool, batchSize = 2_000) {
  const db = await pool.connect();
  let events = 0;
  try {
    await db.query("BEGIN");
    const tables = PROJECTORS.flatMap((projector) => projector.tables);
    await db.query(`TRUNCATE ${tables.join(", ")}`);
    let position: string | undefined;
    for (;;) {
      const batch = await store.readAll({ after: position, maxCount: batchSize });
      if (batch.length === 0) break;
      await applyEvents(db, PROJECTORS, batch);
      position = batch.at(-1)!.position;
      events += batch.length;
    }
    await db.query(
      `INSERT INTO checkpoints (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [PROJECTIONS_CHECKPOINT, position ?? null],
    );
    await db.query("COMMIT");
    return { events, tables };
  } catch (error) {
    await db.query("ROLLBACK");
    throw error;
  } finally {
    db.release();
  }
}
