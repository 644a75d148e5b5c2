import {
  auditLedger,
  loadCheckpoint,
  ProjectionRunner,
  rebuildProjections,
} from "@igp/projections";
import {
  approvedBankDeposit,
  balancesIn,
  createTestLedger,
  readEverything,
  tamperWithEvent,
} from "@igp/test-support/ledger.ts";
import { generateLedgerActivity } from "@igp/test-support/ledger-activity.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: Awaited<ReturnType<typeof createTestLedger>>;
let activity: Awaited<ReturnType<typeof generateLedgerActivity>>;
beforeAll(async () => {
  t = await createTestLedger();
  // The runner follows the stream live while the activity happens.
  const runner = new ProjectionRunner(t.store, t.pool, { batchSize: 7 });
  await runner.start();
  activity = await generateLedgerActivity(t.ledger);
  const head = (await readEverything(t.store, t.pool)).at(-1)!.position;
  await vi.waitFor(async () => expect(await loadCheckpoint(t.pool)).toBe(head), {
    timeout: 10_000,
  });
  await runner.stop();
});
afterAll(() => t.close());

const TABLES = {
  player_balances: "user_id",
  agent_balances: "agent_id",
  house_balance: "id",
  house_days: "day",
  deposit_requests: "id",
  withdrawal_requests: "id",
  charge_requests: "id",
  rounds: "id",
  player_game_history: "round_id, user_id",
  game_history_rounds: "round_id",
  staff_activity: "id",
  checkpoints: "name",
};

async function dumpReadModels() {
  const dump: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(TABLES)) {
    const columns = table === "checkpoints" ? "name, position" : "*";
    dump[table] = (await t.pool.query(`SELECT ${columns} FROM ${table} ORDER BY ${key}`)).rows;
  }
  return dump;
}

describe("read models", () => {
  it("hold each balance and request status the ledger says", async () => {
    for (const userId of activity.userIds) {
      const wallet = await balancesIn(t.ledger.handler, userId);
      const { rows } = await t.pool.query(
        "SELECT main, bonus FROM player_balances WHERE user_id = $1",
        [userId],
      );
      expect({ main: Number(rows[0].main), bonus: Number(rows[0].bonus) }).toEqual(wallet);
    }
    const held = await t.pool.query("SELECT held FROM player_balances WHERE user_id = $1", [
      activity.userIds[3],
    ]);
    expect(Number(held.rows[0].held)).toBe(2_500);
    const statuses = await t.pool.query(
      "SELECT status, count(*)::int AS n FROM deposit_requests GROUP BY status ORDER BY status",
    );
    expect(statuses.rows).toEqual([
      { status: "approved", n: 8 },
      { status: "pending", n: 4 },
    ]);
    const agent = await t.pool.query("SELECT float FROM agent_balances WHERE agent_id = $1", [
      activity.agentId,
    ]);
    // Charge + its 1.5% advance, four deposits paid, a 4,000 payout + its 2.5% advance.
    expect(Number(agent.rows[0].float)).toBe(500_000 + 7_500 - 4 * 10_000 + 4_000 + 100);
    const house = await t.pool.query("SELECT agent_advances FROM house_balance");
    expect(Number(house.rows[0].agent_advances)).toBe(7_600);
  });

  it("keep each staff decision with who made it, the amount and the player", async () => {
    const { rows } = await t.pool.query(
      `SELECT action, staff_role, count(*)::int AS n, sum(amount)::bigint AS amount
         FROM staff_activity GROUP BY action, staff_role ORDER BY action`,
    );
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(byAction["charge.request"]).toMatchObject({ staff_role: "admin", n: 2 });
    expect(byAction["charge.approve"]).toMatchObject({ staff_role: "superAdmin", n: 1 });
    expect(byAction["charge.refuse"]).toMatchObject({ staff_role: "superAdmin", n: 1 });
    expect(byAction["deposit.approve"]?.n).toBeGreaterThanOrEqual(4);
    // Players' own requests are not staff actions.
    expect(rows.every((r) => r.staff_role !== "user" && r.staff_role !== "system")).toBe(true);
    const { rows: unowned } = await t.pool.query(
      "SELECT count(*)::int AS n FROM staff_activity WHERE action LIKE 'deposit.%' AND player_id IS NULL",
    );
    expect(unowned[0].n).toBe(0);
  });

  it("are rebuilt from zero into exactly the live tables", async () => {
    const live = await dumpReadModels();
    await t.pool.query("UPDATE player_balances SET main = 0"); // damage that the rebuild must repair
    const result = await rebuildProjections(t.store, t.pool, { batchSize: 5 });
    expect(result.events).toBeGreaterThan(50);
    expect(await dumpReadModels()).toEqual(live);
  });

  it("are rebuilt in one batch into exactly what batches of 7 made", async () => {
    // Every change of a row folded in memory before it is written: a withdrawal's request and
    // its decision (its hold released), the house moved by every settlement, each round whole.
    const live = await dumpReadModels();
    await t.pool.query("UPDATE player_balances SET held = held + 1");
    await rebuildProjections(t.store, t.pool, { batchSize: 10_000 });
    expect(await dumpReadModels()).toEqual(live);
  });
});

describe("audit", () => {
  it("passes on the ledger and projections the activity produced", async () => {
    const report = await auditLedger(t.store, t.pool);
    expect(report.problems).toEqual([]);
    expect(report.moneyIn).toBe(500_000n + 4n * 5_000n + 20_000n + 21_000n + 22_000n + 23_000n);
    expect(report.moneyInFlight).toBe(0n);
    expect(report.house.balance).toBeLessThan(0); // the lottery prize exceeded ticket sales
  });

  it("answers the same with its open accounts spilled to disk, the checkpoint behind the ledger", async () => {
    // Events past the checkpoint: every player's wallet is open there, its expected balance the
    // one at the checkpoint; with room for one account in memory, the others are read back from
    // the spill file to be listed.
    for (const userId of activity.userIds) await approvedBankDeposit(t.ledger, userId, 1_000);
    const inMemory = await auditLedger(t.store, t.pool);
    expect(inMemory.problems).toEqual([]);
    expect(await auditLedger(t.store, t.pool, { openStreamsInMemory: 1 })).toEqual(inMemory);

    await t.pool.query("UPDATE player_balances SET main = main + 1 WHERE user_id = $1", [
      activity.userIds[1],
    ]);
    const altered = await auditLedger(t.store, t.pool, { openStreamsInMemory: 1 });
    expect(altered.problems).toEqual([
      expect.stringMatching(new RegExp(`^player ${activity.userIds[1]}: projection`)),
    ]);
    expect(altered).toEqual(await auditLedger(t.store, t.pool));
    await t.pool.query("UPDATE player_balances SET main = main - 1 WHERE user_id = $1", [
      activity.userIds[1],
    ]);
  });

  it("finds the same with pages of one or two rows and every expected row on disk, a mismatch across page boundaries", async () => {
    // Rows removed, added and altered next to each other in key order, so that with pages of
    // two rows a run of differences starts on one page and ends on the next.
    const { rows } = await t.pool.query(
      "SELECT round_id, user_id FROM player_game_history ORDER BY round_id, user_id LIMIT 3",
    );
    expect(rows).toHaveLength(3);
    const [a, b, c] = rows;
    const removed = await t.pool.query(
      "DELETE FROM player_game_history WHERE round_id = $1 AND user_id = $2 RETURNING *",
      [a.round_id, a.user_id],
    );
    await t.pool.query(
      "UPDATE player_game_history SET payout = payout + 1 WHERE (round_id, user_id) IN (($1, $2), ($3, $4))",
      [b.round_id, b.user_id, c.round_id, c.user_id],
    );
    await t.pool.query(
      `INSERT INTO player_game_history (round_id, user_id, game, stake, picks, played_at)
       VALUES ($1, 'zz-extra-1', 'coin-flip', 5, '{}', now()), ($1, 'zz-extra-2', 'coin-flip', 5, '{}', now())`,
      [b.round_id],
    );
    await t.pool.query("UPDATE player_balances SET held = held + 1");
    try {
      const whole = await auditLedger(t.store, t.pool);
      expect(whole.problems.filter((p) => p.startsWith("game history"))).toHaveLength(5);
      expect(
        whole.problems.some((p) => p.includes(`${a.round_id} ${a.user_id}: projection null`)),
      ).toBe(true);
      expect(whole.problems.some((p) => p.includes("zz-extra-2: in the projection only"))).toBe(
        true,
      );
      expect(whole.problems.filter((p) => p.startsWith("player "))).toHaveLength(
        activity.userIds.length,
      );
      for (const readModelPage of [1, 2])
        expect(
          await auditLedger(t.store, t.pool, { readModelPage, expectedRowsInMemory: 1 }),
        ).toEqual(whole);
    } finally {
      await t.pool.query("UPDATE player_balances SET held = held - 1");
      await t.pool.query("DELETE FROM player_game_history WHERE user_id LIKE 'zz-extra-%'");
      await t.pool.query(
        "UPDATE player_game_history SET payout = payout - 1 WHERE (round_id, user_id) IN (($1, $2), ($3, $4))",
        [b.round_id, b.user_id, c.round_id, c.user_id],
      );
      const row = removed.rows[0];
      const columns = Object.keys(row);
      await t.pool.query(
        `INSERT INTO player_game_history (${columns.join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
        columns.map((column) => (column === "picks" ? JSON.stringify(row[column]) : row[column])),
      );
    }
    expect(
      (await auditLedger(t.store, t.pool, { readModelPage: 2, expectedRowsInMemory: 1 })).problems,
    ).toEqual([]);
  });

  it("fails when a projection row is altered", async () => {
    await t.pool.query("UPDATE agent_balances SET float = float + 1 WHERE agent_id = $1", [
      activity.agentId,
    ]);
    const report = await auditLedger(t.store, t.pool);
    expect(report.problems).toEqual([
      expect.stringMatching(new RegExp(`^agent ${activity.agentId}: projection`)),
    ]);
    await t.pool.query("UPDATE agent_balances SET float = float - 1 WHERE agent_id = $1", [
      activity.agentId,
    ]);
    expect((await auditLedger(t.store, t.pool)).problems).toEqual([]);
  });

  it("fails when the house's figures of a day are altered (the dashboard's revenue)", async () => {
    const days = await t.pool.query("SELECT sum(balance)::bigint AS total FROM house_days");
    const house = await t.pool.query("SELECT balance FROM house_balance");
    // The days add up to the house balance.
    expect(days.rows[0].total).toBe(house.rows[0].balance);
    const alter = (by: number) =>
      t.pool.query("UPDATE house_days SET prizes_paid = prizes_paid + $1", [by]);
    await alter(1);
    expect((await auditLedger(t.store, t.pool)).problems).toEqual([
      expect.stringMatching(/^house day \d{4}-\d{2}-\d{2}: projection/),
    ]);
    await alter(-1);
    expect((await auditLedger(t.store, t.pool)).problems).toEqual([]);
  });

  it("fails when an event is altered behind the append-only trigger's back", async () => {
    await tamperWithEvent(t.pool, {
      type: "BonusGranted",
      field: "amount",
      value: 1,
      which: "first",
    });
    const report = await auditLedger(t.store, t.pool);
    expect(report.problems.some((p) => p.includes("hash does not match"))).toBe(true);
    expect(report.problems.some((p) => p.startsWith("player "))).toBe(true);
  });
});
