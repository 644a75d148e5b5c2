import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createPgPool } from "@igp/ledger";
import type pg from "pg";
import { readAgentStatements } from "../src/reports/agent-statements.ts";
import { csvStream } from "../src/reports/csv.ts";
import { gamesCsvLine, gamesReportQuery, readGamesReport } from "../src/reports/games-report.ts";
import {
  moneyReportQuery,
  readDepositTicking,
  readMoneyReport,
} from "../src/reports/money-report.ts";
import {
  readStatement,
  STATEMENT_CSV_HEADER,
  statementCsvLine,
  statementQuery,
} from "../src/reports/player-statement.ts";
import { inSnapshot, streamRows } from "../src/reports/report-snapshot.ts";
import { withBenchPostgres } from "./bench-postgres.ts";
import { fixed } from "./measure.ts";

/**
 * `npm run bench:reports`: every report over the read models of about a million ledger events
 * spread over a year (coin flip rounds with their stakes and payouts, bank and agent deposits,
 * withdrawals, agents' float), through the code the routes run: a day, a month and a year of
 * each report, a bank's deposits of a day, the busiest player's statement, and two CSV exports
 * streamed to the end. Prints p50 and the slowest of a few runs (target: under 2 s); asserts
 * nothing. The rows are written straight into the read models (what the ledger's events of
 * such a year project to): the projections' own speed is `npm run rebuild-projections`'.
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const ZONE = "Africa/Addis_Ababa";
/** Events per coin flip round: opened, two stakes placed and received, settled, one payout. */
const ROUND_EVENTS = 7;

async function main() {
  await withBenchPostgres("reports", async ({ url }) => {
    const pool = createPgPool(url, 4);
    const scale = seedScale();
    console.log(
      `Seeding the read models of ~${EVENTS.toLocaleString("en")} events: ${scale.rounds.toLocaleString("en")} rounds, ${scale.deposits.toLocaleString("en")} deposits, ${scale.withdrawals.toLocaleString("en")} withdrawals, ${scale.players.toLocaleString("en")} players, over 365 days...`,
    );
    const seeded = performance.now();
    await seed(pool, scale);
    console.log(`Seeded in ${fixed((performance.now() - seeded) / 1000, 1)} s.`);

    const busiest = await pool.query(
      "SELECT user_id, count(*) AS movements FROM report_wallet_movements GROUP BY user_id ORDER BY 2 DESC LIMIT 1",
    );
    const player = { id: busiest.rows[0].user_id as string, name: null };
    const year = { from: day(-364), to: day(0) };
    const month = { from: day(-29), to: day(0) };
    const today = { from: day(-1), to: day(-1) };
    const snapshot =
      <T>(read: (db: pg.ClientBase) => Promise<T>) =>
      () =>
        inSnapshot(pool, read);
    const cases: [string, () => Promise<unknown>][] = [
      ["games, one day", snapshot((db) => readGamesReport(db, today, ZONE))],
      ["games, 30 days", snapshot((db) => readGamesReport(db, month, ZONE))],
      ["games, 365 days", snapshot((db) => readGamesReport(db, year, ZONE))],
      ["money, one day", snapshot((db) => readMoneyReport(db, today, ZONE))],
      ["money, 365 days", snapshot((db) => readMoneyReport(db, year, ZONE))],
      [
        "deposits to tick, a day",
        snapshot((db) => readDepositTicking(db, { day: today.from, bankName: "CBE" }, ZONE)),
      ],
      ["agents, 365 days", snapshot((db) => readAgentStatements(db, year, ZONE))],
      [
        `statement p.1 (${busiest.rows[0].movements} moves)`,
        snapshot((db) => readStatement(db, player, year, ZONE)),
      ],
      ["games CSV, 365 days", () => drain(streamRows(pool, gamesReportQuery(year)), gamesCsvLine)],
      [
        "statement CSV, 365 days",
        () =>
          drain(
            streamRows(pool, statementQuery(player.id, year, ZONE, -1, null)),
            statementCsvLine,
            STATEMENT_CSV_HEADER,
          ),
      ],
    ];
    if (process.env.EXPLAIN)
      await explain(pool, [gamesReportQuery(year), moneyReportQuery(year, ZONE)]);
    console.log(`\nreport                          |   p50 ms   max ms   (${REPEAT} runs)`);
    // ONLY=games: the reports whose name holds it.
    for (const [name, run] of cases.filter(([name]) => name.includes(process.env.ONLY ?? ""))) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(31)} |${fixed(times[Math.floor(REPEAT / 2)]!, 1)}${fixed(times.at(-1)!, 1)}`,
      );
    }
    await pool.end();
  });
}

/** EXPLAIN ANALYZE of the year's queries (EXPLAIN=1): where a slow report spends its time. */
async function explain(pool: pg.Pool, queries: { text: string; values: unknown[] }[]) {
  for (const query of queries) {
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.values);
    console.log(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
}

/** How many of each kind make EVENTS: 70% rounds, then deposits, withdrawals and agent float. */
function seedScale() {
  const rounds = Math.round((EVENTS * 0.7) / ROUND_EVENTS);
  const deposits = Math.round((EVENTS * 0.18) / 3);
  const withdrawals = Math.round((EVENTS * 0.09) / 3);
  return {
    rounds,
    deposits,
    withdrawals,
    players: Math.max(100, Math.round(rounds / 20)),
    agents: 20,
  };
}

/** YYYY-MM-DD, `offset` days from today (UTC). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function drain(
  batches: AsyncIterable<pg.QueryResultRow[]>,
  line: (row: never) => (string | number | null)[],
  header = ["-"],
) {
  let bytes = 0;
  await pipeline(
    csvStream(header, batches, line as (row: pg.QueryResultRow) => (string | number | null)[]),
    new Writable({
      write(chunk, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  return bytes;
}

/** Read-model rows as the projections write them for such a year, straight in SQL. */
async function seed(pool: pg.Pool, s: ReturnType<typeof seedScale>) {
  const player = (expr: string) =>
    `'00000000-0000-4000-8000-' || lpad(to_hex((${expr}) % ${s.players} + 1), 12, '0')`;
  const agent = (expr: string) =>
    `'00000000-0000-4000-9000-' || lpad(to_hex((${expr}) % ${s.agents} + 1), 12, '0')`;
  /** Spread over the last 365 days. */
  const at = (expr: string, count: number) =>
    `now() - ((${expr})::float8 / ${count}) * interval '365 days'`;
  await pool.query(`INSERT INTO users (id, full_name, phone, role, status)
    SELECT (${player("g - 1")})::uuid, 'Player ' || g, '+2519' || lpad(g::text, 8, '0'), 'user', 'active'
      FROM generate_series(1, ${s.players}) g`);
  await pool.query(`INSERT INTO users (id, full_name, email, role, status)
    SELECT (${agent("g - 1")})::uuid, 'Agent ' || g, 'agent' || g || '@example.com', 'admin', 'active'
      FROM generate_series(1, ${s.agents}) g`);
  // Coin flips of 10 to 100 ETB a seat, 10% cut; every 50th cancelled.
  await pool.query(`INSERT INTO report_rounds (id, game, table_id, status, stakes, seats, payouts, house_cut,
      refunds, opened_at, closed_at)
    SELECT 'r' || g, CASE WHEN g % 3 = 0 THEN 'spin-wheel' ELSE 'coin-flip' END, CASE WHEN g % 4 = 0 THEN NULL ELSE g % 12 END,
      CASE WHEN g % 50 = 0 THEN 'cancelled' ELSE 'settled' END, 2 * b, 2,
      CASE WHEN g % 50 = 0 THEN 0 ELSE 2 * b - b / 5 END, CASE WHEN g % 50 = 0 THEN 0 ELSE b / 5 END,
      CASE WHEN g % 50 = 0 THEN 2 * b ELSE 0 END, ${at("g", s.rounds)} - interval '1 minute', ${at("g", s.rounds)}
      FROM generate_series(1, ${s.rounds}) g, LATERAL (SELECT (1000 * (1 + g % 10))::bigint AS b) bet`);
  await pool.query(`INSERT INTO player_game_history (round_id, user_id, game, stake, picks, payout, outcome, played_at, settled_at)
    SELECT r.id, ${player("g * 2 + seat")}, r.game, r.stakes / 2, '{}', CASE WHEN seat = 0 THEN r.payouts ELSE 0 END,
      CASE WHEN r.status = 'cancelled' THEN 'refunded' WHEN seat = 0 THEN 'won' ELSE 'lost' END, r.opened_at, r.closed_at
      FROM generate_series(1, ${s.rounds}) g JOIN report_rounds r ON r.id = 'r' || g, generate_series(0, 1) seat`);
  // Each round: two stakes out of the wallets, one payout in.
  await pool.query(`INSERT INTO report_wallet_movements (user_id, revision, occurred_at, kind, main, bonus, reference)
    SELECT ${player("g * 2 + seat")}, g * 3 + seat, r.opened_at, 'stake', -r.stakes / 2, 0, 'round-' || r.id
      FROM generate_series(1, ${s.rounds}) g JOIN report_rounds r ON r.id = 'r' || g, generate_series(0, 1) seat
    UNION ALL
    SELECT ${player("g * 2")}, g * 3 + 2, r.closed_at, 'payout', r.payouts, 0, 'round-' || r.id
      FROM generate_series(1, ${s.rounds}) g JOIN report_rounds r ON r.id = 'r' || g WHERE r.payouts > 0`);
  // Deposits: two in three by bank (CBE or Awash), one at an agent; a quarter refused.
  await pool.query(`INSERT INTO deposit_requests (id, user_id, method, amount, deposit_code, bank_name, account_number,
      transaction_id, status, decided_by, requested_at, decided_at)
    SELECT 'd' || g, ${player("g")}, CASE WHEN g % 3 = 0 THEN 'agent' ELSE 'bank' END, 5000 + g % 100000, 'h1:x',
      CASE WHEN g % 3 = 0 THEN NULL WHEN g % 2 = 0 THEN 'CBE' ELSE 'Awash' END, '1000' || g % 97, 'FT' || g,
      CASE WHEN g % 4 = 1 THEN 'disapproved' ELSE 'approved' END,
      CASE WHEN g % 3 = 0 THEN ${agent("g")} ELSE 'root' END, ${at("g", s.deposits)} - interval '10 minutes', ${at("g", s.deposits)}
      FROM generate_series(1, ${s.deposits}) g`);
  await pool.query(`INSERT INTO report_wallet_movements (user_id, revision, occurred_at, kind, main, bonus, reference)
    SELECT user_id, 1000000000 + row_number() OVER (), decided_at, CASE WHEN method = 'agent' THEN 'agentDeposit' ELSE 'deposit' END,
      amount, 0, 'deposit-' || id FROM deposit_requests WHERE status = 'approved'`);
  await pool.query(`INSERT INTO withdrawal_requests (id, user_id, amount, from_main, from_bonus, fee, payout, method, bank_name,
      account_number, withdraw_code, status, decided_by, requested_at, decided_at)
    SELECT 'w' || g, ${player("g")}, 2000 + g % 50000, 2000 + g % 50000, 0, 0, 2000 + g % 50000,
      CASE WHEN g % 2 = 0 THEN 'agent' ELSE 'bank' END, CASE WHEN g % 2 = 0 THEN NULL ELSE 'Telebirr' END, '0911', 'h1:y',
      CASE WHEN g % 10 = 0 THEN 'disapproved' ELSE 'approved' END, CASE WHEN g % 2 = 0 THEN ${agent("g")} ELSE 'root' END,
      ${at("g", s.withdrawals)} - interval '10 minutes', ${at("g", s.withdrawals)}
      FROM generate_series(1, ${s.withdrawals}) g`);
  await pool.query(`INSERT INTO report_wallet_movements (user_id, revision, occurred_at, kind, main, bonus, reference)
    SELECT user_id, 2000000000 + row_number() OVER (), requested_at, 'withdrawal', -amount, 0, 'withdrawal-' || id
      FROM withdrawal_requests`);
  // Agents' float: charges now and then, their deposits out, their paid withdrawals in.
  await pool.query(`INSERT INTO report_agent_movements (agent_id, revision, occurred_at, kind, amount, reference)
    SELECT decided_by, row_number() OVER (), decided_at, 'deposit', -amount, 'deposit-' || id
      FROM deposit_requests WHERE method = 'agent' AND status = 'approved'
    UNION ALL
    SELECT decided_by, 1000000000 + row_number() OVER (), decided_at, 'withdrawal', amount, 'withdrawal-' || id
      FROM withdrawal_requests WHERE method = 'agent' AND status = 'approved'
    UNION ALL
    SELECT ${agent("g")}, 2000000000 + g, ${at("g", 2000)}, 'charge', 5000000, 'charge-' || g FROM generate_series(1, 2000) g`);
  await pool.query("ANALYZE");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
