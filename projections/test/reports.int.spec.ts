import {
  auditLedger,
  loadCheckpoint,
  ProjectionRunner,
  rebuildProjections,
} from "@igp/projections";
import { createTestLedger, readEverything } from "@igp/test-support/ledger.ts";
import { generateLedgerActivity } from "@igp/test-support/ledger-activity.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** The reports' read models: followed live in small batches, rebuilt alike, held by the audit. */
let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
  const runner = new ProjectionRunner(t.store, t.pool, { batchSize: 7 });
  await runner.start();
  await generateLedgerActivity(t.ledger);
  const head = (await readEverything(t.store, t.pool)).at(-1)!.position;
  await vi.waitFor(async () => expect(await loadCheckpoint(t.pool)).toBe(head), {
    timeout: 10_000,
  });
  await runner.stop();
});
afterAll(() => t.close());

const TABLES = {
  report_rounds: "id",
  report_wallet_movements: "user_id, revision",
  report_agent_movements: "agent_id, revision",
  report_game_days: "day, game, venue",
  report_player_days: "day, game, venue, user_id",
};
async function dump() {
  const tables = {} as Record<keyof typeof TABLES, unknown[]>;
  for (const [table, key] of Object.entries(TABLES) as [keyof typeof TABLES, string][])
    tables[table] = (await t.pool.query(`SELECT * FROM ${table} ORDER BY ${key}`)).rows;
  return tables;
}

describe("report read models", () => {
  it("hold every round, wallet movement and float movement, rebuilt into exactly the live rows", async () => {
    const live = await dump();
    expect(live.report_rounds.length).toBeGreaterThan(0);
    expect(live.report_wallet_movements.length).toBeGreaterThan(0);
    expect(live.report_agent_movements.length).toBeGreaterThan(0);
    expect(live.report_game_days.length).toBeGreaterThan(0);
    expect(live.report_player_days.length).toBeGreaterThan(0);
    await rebuildProjections(t.store, t.pool);
    expect(await dump()).toEqual(live);
    expect((await auditLedger(t.store, t.pool)).problems).toEqual([]);
  });

  it("a closed round's stakes are its payouts, cut and refunds; the movements add up to the balances", async () => {
    const rounds = await t.pool.query(
      "SELECT * FROM report_rounds WHERE status IN ('settled', 'cancelled')",
    );
    expect(rounds.rows.length).toBeGreaterThan(0);
    for (const r of rounds.rows)
      expect(Number(r.stakes)).toBe(Number(r.payouts) + Number(r.house_cut) + Number(r.refunds));
    const { rows } = await t.pool.query(
      `SELECT p.user_id, p.main, p.bonus, coalesce(sum(m.main), 0) AS moved_main,
              coalesce(sum(m.bonus), 0) AS moved_bonus
         FROM player_balances p LEFT JOIN report_wallet_movements m ON m.user_id = p.user_id
        GROUP BY p.user_id, p.main, p.bonus`,
    );
    for (const row of rows)
      expect([row.moved_main, row.moved_bonus]).toEqual([row.main, row.bonus]);
  });

  it("the audit finds an altered round, wallet movement or float movement", async () => {
    for (const [table, column, where] of [
      [
        "report_rounds",
        "payouts",
        "id = (SELECT min(id) FROM report_rounds WHERE status = 'settled')",
      ],
      // The first movement: a wallet's revision 0 may move no money (a deposit request's count).
      [
        "report_wallet_movements",
        "main",
        "(user_id, revision) = (SELECT user_id, revision FROM report_wallet_movements ORDER BY user_id, revision LIMIT 1)",
      ],
      ["report_agent_movements", "amount", "revision = 0"],
      ["report_game_days", "payouts", "payouts > 0"],
    ] as const) {
      const alter = (by: number) =>
        t.pool.query(`UPDATE ${table} SET ${column} = ${column} + $1 WHERE ${where}`, [by]);
      await alter(1);
      const problems = (await auditLedger(t.store, t.pool)).problems;
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((problem) => problem.startsWith("report "))).toBe(true);
      await alter(-1);
    }
    expect((await auditLedger(t.store, t.pool)).problems).toEqual([]);
  });
});
