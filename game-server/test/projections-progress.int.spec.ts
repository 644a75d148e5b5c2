import { PROJECTIONS_CHECKPOINT } from "@igp/projections";
import { createTestDatabase } from "@igp/test-support/database.ts";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { ProjectionsProgress } from "../src/workers/projections-progress.ts";

/** The pool, with the checkpoint reads it served counted. */
let pool: pg.Pool;
let checkpointReads = 0;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 2 });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    if (String(args[0]).includes("FROM checkpoints")) checkpointReads++;
    return query(...args);
  }) as typeof pool.query;
});
afterAll(() => pool.end());
beforeEach(async () => {
  await setCheckpoint(null);
  checkpointReads = 0;
});

async function setCheckpoint(position: string | null) {
  await pool.query(
    "INSERT INTO checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position",
    [PROJECTIONS_CHECKPOINT, position],
  );
}

it("answers a waiter when this process' runner commits past its position, and reads no checkpoint while it does", async () => {
  const progress = new ProjectionsProgress(pool);
  progress.committed("10:1");
  const reads = checkpointReads;
  const waiting = progress.reach("12:3");
  progress.committed("11:0");
  await new Promise((wake) => setTimeout(wake, 40));
  progress.committed("12:3");
  expect(await waiting).toBe(true);
  expect(checkpointReads).toBe(reads);
});

it("reads the checkpoint from PostgreSQL when no runner here has committed lately (it runs in another process)", async () => {
  const progress = new ProjectionsProgress(pool);
  progress.committed("1:0"); // a runner here that then stopped, or lost the workers' lock
  await new Promise((wake) => setTimeout(wake, 300));
  await setCheckpoint("20:0");
  expect(await progress.reach("15:2")).toBe(true);
  expect(checkpointReads).toBeGreaterThan(0);
});

it("never says reached for a position the read models do not hold", async () => {
  const progress = new ProjectionsProgress(pool);
  progress.committed("5:0");
  await setCheckpoint("5:0");
  const started = Date.now();
  expect(await progress.reach("6:0")).toBe(false);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
});
