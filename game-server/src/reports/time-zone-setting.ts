import { rebuildReportDays } from "@igp/projections";
import { DEFAULT_TIME_ZONE, REPORT_MESSAGES } from "@igp/shared";
import type pg from "pg";
import { DomainError } from "../domain-error.ts";

/** The operator's time zone, in which reports count their days. */
export async function readTimeZone(db: pg.Pool | pg.ClientBase): Promise<string> {
  const { rows } = await db.query("SELECT value FROM operator_settings WHERE name = 'timeZone'");
  return rows[0]?.value ?? DEFAULT_TIME_ZONE;
}

/**
 * Sets the time zone. The shared schema has checked that the runtime knows it; PostgreSQL, which
 * counts the days, must know it too (its zone list can lag the runtime's). The games report's
 * daily summaries are keyed by day in it: rebuilt in the same transaction, so every report read
 * after sees the new zone's days and none sees them half-made.
 */
export async function writeTimeZone(pool: pg.Pool, zone: string): Promise<void> {
  const known = await pool.query("SELECT 1 FROM pg_timezone_names WHERE name = $1", [zone]);
  if (known.rowCount === 0)
    throw new DomainError("invalid", REPORT_MESSAGES.notTimeZone, "timeZone");
  const db = await pool.connect();
  try {
    await db.query("BEGIN");
    await db.query(
      `INSERT INTO operator_settings (name, value) VALUES ('timeZone', $1)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [zone],
    );
    // Read after the setting's row lock (a statement of its own sees a zone change just committed).
    const { rows } = await db.query("SELECT zone FROM report_summary_zone FOR UPDATE");
    if (rows[0].zone !== zone) await rebuildReportDays(db, zone);
    await db.query("COMMIT");
  } catch (error) {
    await db.query("ROLLBACK");
    throw error;
  } finally {
    db.release();
  }
}
