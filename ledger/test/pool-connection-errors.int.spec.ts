import { createPgPool } from "@igp/ledger";
import { createTestDatabase } from "@igp/test-support/database.ts";
import { afterAll, expect, it } from "vitest";

const pools: ReturnType<typeof createPgPool>[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.end())));

/**
 * A server that goes away while a connection is lent out and between two of its holder's
 * queries (seen in CI: the embedded PostgreSQL killed, the process ended by an `error` no one
 * listened to). The error is told, the holder's next query fails, the pool goes on.
 */
it("a lent connection whose backend ends between queries: told, refused, dropped, the pool goes on", async () => {
  const told: Error[] = [];
  const pool = createPgPool(await createTestDatabase(), 4, (error) => told.push(error));
  pools.push(pool);
  const lent = await pool.connect();
  const { rows } = await lent.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  await pool.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
  await expect.poll(() => told.length).toBeGreaterThan(0);
  expect(told[0]!.message).toMatch(/terminat/);
  await expect(lent.query("SELECT 1")).rejects.toThrow();
  lent.release();
  expect((await pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  expect(pool.totalCount).toBe(1);
});
