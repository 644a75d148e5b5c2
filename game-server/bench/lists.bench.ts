import { createPgPool } from "@igp/ledger";
import type pg from "pg";
import { AdminUsersRepository } from "../src/accounts/admin-users-repository.ts";
import { createImageLinks } from "../src/uploads/image-links.ts";
import { RequestCodes } from "../src/wallet/request-codes.ts";
import { RequestsRepository } from "../src/wallet/requests-repository.ts";
import { withBenchPostgres } from "./bench-postgres.ts";
import { fixed } from "./measure.ts";

/**
 * `npm run bench:lists`: the back office's paged lists at a million rows each (players, deposit
 * and withdrawal requests), through the same repository code the routes use: first page, a deep
 * page, and searches. Prints p50 and p99 per query; asserts nothing.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REPEAT = 20;

async function main() {
  await withBenchPostgres("lists", async ({ url }) => {
    const pool = createPgPool(url, 4);
    console.log(`Filling ${ROWS.toLocaleString("en")} players, deposits and withdrawals...`);
    await fill(pool);
    const requests = new RequestsRepository(
      pool,
      new RequestCodes("bench-code-secret-of-at-least-32-characters"),
      createImageLinks("bench-secret"),
    );
    const users = new AdminUsersRepository(pool);
    const queries: [string, () => Promise<unknown>][] = [
      ["players, page 1", () => users.players(1)],
      ["players, page 25,000", () => users.players(25_000)],
      ["players, search name", () => users.players(1, "Tesfaye 4242")],
      ["deposits, page 1", () => requests.deposits({}, 1, "staff")],
      ["deposits, agent only", () => requests.deposits({ method: "agent" }, 1, "staff")],
      [
        "deposits, one player",
        () => requests.deposits({ userId: "00000000-0000-4000-8000-000000004242" }, 1, "staff"),
      ],
      ["deposits, search code", () => requests.deposits({ search: "C0004242" }, 1, "staff")],
      ["deposits, page 5,000", () => requests.deposits({}, 5_000, "staff")],
      ["withdrawals, page 1", () => requests.withdrawals({}, 1, "staff")],
      ["withdrawals, search code", () => requests.withdrawals({ search: "W0004242" }, 1, "staff")],
    ];
    console.log(
      `\nquery                        |   p50 ms   p99 ms   (${REPEAT} runs, page size 20, with total pages)`,
    );
    for (const [name, run] of queries) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(28)} |${fixed(times[Math.floor(REPEAT / 2)]!, 2)}${fixed(times[REPEAT - 1]!, 2)}`,
      );
    }
    await pool.end();
  });
}

/** Synthetic rows straight into the tables the lists read (the ledger is not what is measured). */
async function fill(pool: pg.Pool) {
  const uuid = "lpad(to_hex(g), 12, '0')";
  await pool.query(`INSERT INTO users (id, full_name, phone, role, status, created_at)
    SELECT ('00000000-0000-4000-8000-' || ${uuid})::uuid, 'Abebe Tesfaye ' || g, '09' || lpad(g::text, 8, '0'),
           'user', CASE WHEN g % 50 = 0 THEN 'blocked' ELSE 'active' END, now() - g * interval '1 second'
      FROM generate_series(1, ${ROWS}) g`);
  await pool.query(`INSERT INTO player_balances (user_id, main, bonus, held, updated_at)
    SELECT '00000000-0000-4000-8000-' || ${uuid}, g % 100000, g % 5000, 0, now() FROM generate_series(1, ${ROWS}) g`);
  await pool.query(`INSERT INTO deposit_requests (id, user_id, method, amount, deposit_code, bank_name, account_number,
      transaction_id, status, requested_at)
    SELECT gen_random_uuid(), '00000000-0000-4000-8000-' || lpad(to_hex(g % ${ROWS} + 1), 12, '0'),
           CASE WHEN g % 3 = 0 THEN 'agent' ELSE 'bank' END, 5000 + g % 100000, 'C' || lpad(g::text, 7, '0'), 'CBE', '1000',
           'FT' || g, CASE g % 4 WHEN 0 THEN 'pending' WHEN 1 THEN 'disapproved' ELSE 'approved' END,
           now() - g * interval '1 second'
      FROM generate_series(1, ${ROWS}) g`);
  await pool.query(`INSERT INTO withdrawal_requests (id, user_id, amount, from_main, from_bonus, fee, payout, method,
      account_number, withdraw_code, status, requested_at)
    SELECT gen_random_uuid(), '00000000-0000-4000-8000-' || lpad(to_hex(g % ${ROWS} + 1), 12, '0'), 1000, 1000, 0, 0, 1000,
           'agent', '0911', 'W' || lpad(g::text, 7, '0'), 'pending', now() - g * interval '1 second'
      FROM generate_series(1, ${ROWS}) g`);
  await pool.query("ANALYZE");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
