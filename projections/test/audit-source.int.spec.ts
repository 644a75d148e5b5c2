import { createTestLedger } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAuditSource } from "../src/audit/audit-source.ts";

let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(() => t.close());

const names = async (db: { query: typeof t.pool.query }) =>
  (await db.query<{ name: string }>("SELECT name FROM checkpoints ORDER BY name")).rows.map(
    (row) => row.name,
  );

describe("the audit's source", () => {
  it("runs work alongside in the audit's snapshot, blind to what was committed after it", async () => {
    await t.pool.query("INSERT INTO checkpoints (name, position) VALUES ('before', '0:1')");
    const source = await openAuditSource(t.store, t.pool);
    try {
      const seen = await names(source.db); // the snapshot is taken here
      await t.pool.query("INSERT INTO checkpoints (name, position) VALUES ('after', '0:2')");
      expect(await names(t.pool)).toContain("after");
      expect(await source.alongside(names)).toEqual(seen);
      expect(seen).toContain("before");
      expect(seen).not.toContain("after");
      // Twice, and while the main connection is in use.
      const [again] = await Promise.all([source.alongside(names), names(source.db)]);
      expect(again).toEqual(seen);
    } finally {
      await source.close();
    }
    // Each connection went back to the pool outside any transaction.
    expect(t.pool.idleCount).toBe(t.pool.totalCount);
    const { rows } = await t.pool.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'",
    );
    expect(rows[0].n).toBe(0);
  });

  it("reports work that fails, and leaves the snapshot usable", async () => {
    const source = await openAuditSource(t.store, t.pool);
    try {
      await expect(
        source.alongside((db) => db.query("SELECT * FROM no_such_table")),
      ).rejects.toThrow(/no_such_table/);
      expect(await source.alongside(names)).toEqual(await names(source.db));
    } finally {
      await source.close();
    }
  });
});
