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
 * counts the days, must know it too (its zone list can lag the runtime's).
 */
export async function writeTimeZone(pool: pg.Pool, zone: string): Promise<void> {
  const known = await pool.query("SELECT 1 FROM pg_timezone_names WHERE name = $1", [zone]);
  if (known.rowCount === 0)
    throw new DomainError("invalid", REPORT_MESSAGES.notTimeZone, "timeZone");
  await pool.query(
    `INSERT INTO operator_settings (name, value) VALUES ('timeZone', $1)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [zone],
  );
}
