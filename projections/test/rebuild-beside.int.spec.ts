import { randomUUID } from "node:crypto";
import {
  loadCheckpoint,
  PROJECTED_TABLES,
  ProjectionRunner,
  rebuildProjections,
} from "@igp/projections";
import { approvedBankDeposit, createTestLedger, readEverything } from "@igp/test-support/ledger.ts";
import { generateLedgerActivity } from "@igp/test-support/ledger-activity.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: Awaited<ReturnType<typeof createTestLedger>>;
let runner: ProjectionRunner;
beforeAll(async () => {
  t = await createTestLedger();
  runner = new ProjectionRunner(t.store, t.pool, { batchSize: 7, minIntervalMs: 0 });
  await runner.start();
  await generateLedgerActivity(t.ledger);
  await projectedToHead();
}, 120_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

async function projectedToHead() {
  const head = (await readEverything(t.store, t.pool)).at(-1)!.position;
  await vi.waitFor(async () => expect(await loadCheckpoint(t.pool)).toBe(head), {
    timeout: 60_000,
  });
}

/** Every read model's rows, in a stable order. */
async function dumpReadModels() {
  const dump: Record<string, unknown[]> = {};
  for (const table of PROJECTED_TABLES)
    dump[table] = (await t.pool.query(`SELECT * FROM ${table} t ORDER BY t::text`)).rows;
  return dump;
}

describe("a rebuild beside the live read models", () => {
  it("keeps them answering while it runs, follows new events, and ends equal to a fresh projection", async () => {
    const players = (await t.pool.query("SELECT count(*)::int AS n FROM player_balances")).rows[0]
      .n as number;
    expect(players).toBeGreaterThan(0);
    let rebuilding = true;
    const newcomers = Array.from({ length: 6 }, () => randomUUID());
    // A reader of the live tables, all along the rebuild: the rows it sees are never half-made,
    // and they follow the ledger (the newcomers' deposits appear) while the copy is built.
    const reads: { players: number; newcomers: number }[] = [];
    const reader = (async () => {
      while (rebuilding) {
        const { rows } = await t.pool.query(
          `SELECT (SELECT count(*)::int FROM player_balances) AS players,
                  (SELECT count(*)::int FROM player_balances WHERE user_id = ANY($1::text[])) AS newcomers,
                  (SELECT count(*)::int FROM house_balance) AS house`,
          [newcomers],
        );
        expect(rows[0].house).toBe(1);
        reads.push({ players: rows[0].players, newcomers: rows[0].newcomers });
      }
    })();
    // New events keep coming, followed by the live runner and by the rebuild.
    const writer = (async () => {
      for (const userId of newcomers) await approvedBankDeposit(t.ledger, userId, 1_000);
    })();
    const result = await rebuildProjections(t.store, t.pool, { batchSize: 5 });
    const duringRebuild = [...reads];
    rebuilding = false;
    await Promise.all([reader, writer]);

    expect(result.events).toBeGreaterThan(50);
    // The live tables answered, and kept following the ledger, while the copy was built (one
    // transaction emptying and refilling them held every reader and the runner until its end).
    expect(duringRebuild.length).toBeGreaterThan(10);
    expect(Math.max(...duringRebuild.map((read) => read.newcomers))).toBeGreaterThan(0);
    expect(Math.min(...reads.map((read) => read.players))).toBeGreaterThanOrEqual(players);
    const { rows: schemas } = await t.pool.query(
      "SELECT 1 FROM pg_namespace WHERE nspname = 'projections_rebuild'",
    );
    expect(schemas).toEqual([]);

    // The live runner goes on from where the rebuilt tables stand, to the head.
    await projectedToHead();
    const balances = await t.pool.query(
      "SELECT count(*)::int AS n FROM player_balances WHERE user_id = ANY($1::text[])",
      [newcomers],
    );
    expect(balances.rows[0].n).toBe(newcomers.length);
    const rebuilt = await dumpReadModels();

    // A fresh projection: every table emptied, the runner from the first event.
    await runner.stop();
    await t.pool.query(`TRUNCATE ${PROJECTED_TABLES.join(", ")}`);
    await t.pool.query("DELETE FROM checkpoints WHERE name = 'projections'");
    await new ProjectionRunner(t.store, t.pool, { batchSize: 50 }).catchUp();
    expect(await dumpReadModels()).toEqual(rebuilt);
    runner = new ProjectionRunner(t.store, t.pool);
  }, 180_000);

  it("keeps the indexes, constraints and names the migrations made", async () => {
    const { rows } = await t.pool.query(
      `SELECT tablename, indexname FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = ANY($1::text[]) ORDER BY 2`,
      [PROJECTED_TABLES],
    );
    const names = rows.map((row) => row.indexname);
    expect(names).toContain("player_balances_pkey");
    expect(names).toContain("deposit_requests_by_status");
    expect(names).toContain("withdrawal_requests_by_payment_reference");
    expect(names).toContain("lottery_tickets_transfer_id_key");
    expect(names.filter((name) => name.endsWith("_idx"))).toEqual([]);
  });
});
