import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createPgPool } from "@igp/ledger";
import type pg from "pg";
import {
  agentStatementsQuery,
  agentsCsvLine,
  readAgentStatements,
} from "../src/reports/agent-statements.ts";
import { csvStream } from "../src/reports/csv.ts";
import {
  gamesCsvLine,
  gamesDetailQuery,
  gamesReportQuery,
  readGamesReport,
} from "../src/reports/games-report.ts";
import {
  moneyCsvLine,
  moneyReportQuery,
  readDepositTicking,
  readMoneyReport,
} from "../src/reports/money-report.ts";
import {
  FIRST,
  readStatement,
  statementCsvLine,
  statementQuery,
} from "../src/reports/player-statement.ts";
import { inSnapshot, streamRows } from "../src/reports/report-snapshot.ts";
import { withBenchPostgres } from "./bench-postgres.ts";
import { fixed } from "./measure.ts";
import { seedThroughProjection } from "./report-events.ts";

/**
 * `npm run bench:reports`: every report over a year of about a million real ledger events,
 * projected by the projection's own code (report-events.ts: a day's activity run through the
 * ledger, copied along the year, every copy applied by applyEvents with all projectors), through
 * the code the routes run: 30 days and 365 days of each report as JSON and as a CSV streamed to
 * the end, a bank's deposits of a day, the busiest player's statement. Also the games report of
 * the year read from every round (gamesDetailQuery, what it was before the daily summaries), as
 * the baseline of the same run. Prints the median and the slowest of BENCH_REPEAT runs (3;
 * target: under 2 s); asserts nothing.
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const ZONE = "Africa/Addis_Ababa";

async function main() {
  await withBenchPostgres("reports", async ({ url }) => {
    const pool = createPgPool(url, 4);
    const players = Math.max(100, Math.round(EVENTS / 200));
    console.log(
      `Projecting ~${EVENTS.toLocaleString("en")} ledger events over 365 days (${players.toLocaleString("en")} players, 20 agents)...`,
    );
    const seeded = performance.now();
    let shown = 0;
    const { unitEvents, copies } = await seedThroughProjection(
      pool,
      { events: EVENTS, players, agents: 20 },
      (done) => {
        if (done - shown < 100_000) return;
        shown = done;
        const rate = done / ((performance.now() - seeded) / 1000);
        console.log(`  ${done.toLocaleString("en")} events (${fixed(rate, 0)} events/s)`);
      },
    );
    await pool.query("ANALYZE");
    const counts = await pool.query(`SELECT
      (SELECT count(*) FROM report_rounds) AS rounds, (SELECT count(*) FROM player_game_history) AS history,
      (SELECT count(*) FROM report_wallet_movements) AS wallet, (SELECT count(*) FROM deposit_requests) AS deposits,
      (SELECT count(*) FROM report_game_days) AS game_days, (SELECT count(*) FROM report_player_days) AS player_days`);
    console.log(
      `Projected ${(unitEvents * copies).toLocaleString("en")} events (${copies} copies of a ${unitEvents}-event day) in ${fixed((performance.now() - seeded) / 1000, 1)} s: ${JSON.stringify(counts.rows[0])}`,
    );

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
    const csv =
      (query: { text: string; values: unknown[] }, line: (row: never) => CsvFields) => () =>
        drain(streamRows(pool, query), line);
    const cases: [string, () => Promise<unknown>][] = [
      ["games, one day", snapshot((db) => readGamesReport(db, today, ZONE))],
      ["games, 30 days", snapshot((db) => readGamesReport(db, month, ZONE))],
      ["games, 365 days", snapshot((db) => readGamesReport(db, year, ZONE))],
      ["games, 365 days, every round", () => pool.query(gamesDetailQuery(year, ZONE))],
      ["games CSV, 30 days", csv(gamesReportQuery(month), gamesCsvLine)],
      ["games CSV, 365 days", csv(gamesReportQuery(year), gamesCsvLine)],
      ["money, 30 days", snapshot((db) => readMoneyReport(db, month, ZONE))],
      ["money, 365 days", snapshot((db) => readMoneyReport(db, year, ZONE))],
      ["money CSV, 30 days", csv(moneyReportQuery(month, ZONE), moneyCsvLine)],
      ["money CSV, 365 days", csv(moneyReportQuery(year, ZONE), moneyCsvLine)],
      [
        "deposits to tick, a day",
        snapshot((db) => readDepositTicking(db, { day: today.from, bankName: "CBE" }, ZONE)),
      ],
      ["agents, 30 days", snapshot((db) => readAgentStatements(db, month, ZONE))],
      ["agents, 365 days", snapshot((db) => readAgentStatements(db, year, ZONE))],
      ["agents CSV, 365 days", csv(agentStatementsQuery(year, ZONE), agentsCsvLine)],
      [
        `statement p.1 (${busiest.rows[0].movements} moves)`,
        snapshot((db) => readStatement(db, player, year, ZONE)),
      ],
      [
        "statement CSV, 30 days",
        csv(statementQuery(player.id, month, ZONE, FIRST, null), statementCsvLine),
      ],
      [
        "statement CSV, 365 days",
        csv(statementQuery(player.id, year, ZONE, FIRST, null), statementCsvLine),
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

type CsvFields = (string | number | null)[];

/** EXPLAIN ANALYZE of the year's queries (EXPLAIN=1): where a slow report spends its time. */
async function explain(pool: pg.Pool, queries: { text: string; values: unknown[] }[]) {
  for (const query of queries) {
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.values);
    console.log(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
}

/** YYYY-MM-DD, `offset` days from today (UTC). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function drain(
  batches: AsyncIterable<pg.QueryResultRow[]>,
  line: (row: never) => CsvFields,
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
