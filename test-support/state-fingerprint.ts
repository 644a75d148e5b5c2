import { readdir } from "node:fs/promises";
import path from "node:path";
import type { TestServer } from "./http.ts";

/** Tables a request can change; each is fingerprinted by its rows' text. */
const TABLES = [
  "users",
  "banks",
  "social_links",
  "settings",
  "password_reset_requests",
  "idempotency_keys",
  "instant_games",
  "game_rounds",
  "rounds",
  "player_game_history",
  "deposit_requests",
  "withdrawal_requests",
  "charge_requests",
  "player_balances",
  "agent_balances",
  "house_balance",
  "house_days",
  "second_factors",
  "recovery_codes",
];

/**
 * Everything a refused request must leave as it was: the ledger's event count and last global
 * position, a digest of every row of the tables above, and the uploaded files. Compare two with
 * toEqual.
 */
export async function stateFingerprint(server: TestServer) {
  const digests = TABLES.map(
    (table) =>
      `(SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${table} t) AS ${table}`,
  ).join(", ");
  const { rows } = await server.platform.database.pool.query(
    `SELECT (SELECT count(*) FROM ledger_events) AS events,
            (SELECT max(global_position) FROM ledger_events) AS last_position, ${digests}`,
  );
  const uploads = await readdir(path.join(server.platform.config.dataDir, "uploads")).catch(
    () => [],
  );
  return { ...rows[0], uploads: uploads.length };
}
