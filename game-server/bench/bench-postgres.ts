import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@igp/test-support/global-setup.ts";
import { createDatabase, databaseExists, withDatabase } from "../src/database/create-database.ts";
import { startEmbeddedPostgres } from "../src/database/embedded-postgres.ts";
import { migrateUp } from "../src/database/migrate.ts";

/**
 * Runs a benchmark on a migrated database of its own, in an embedded PostgreSQL started for it
 * (not persistent) and stopped afterwards, whatever the run does. `dataDir` names the cluster's
 * folder (to find its postmaster for CPU figures).
 */
export async function withBenchPostgres<T>(
  name: string,
  run: (database: { url: string; dataDir: string }) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `igp-bench-${name}-`));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    persistent: false,
  });
  try {
    const url = await createDatabase(server.url, "bench");
    await migrateUp(url);
    return await run({ url, dataDir });
  } finally {
    await server.stop();
  }
}

/**
 * Runs a benchmark on a database kept between runs on a server of the caller's (`url` names it):
 * created and migrated if missing, left in place afterwards, so a ledger seeded once (slow) can
 * be measured again. `dataDir` is null: the cluster is not the bench's.
 */
export async function withKeptDatabase<T>(
  url: string,
  run: (database: { url: string; dataDir: null }) => Promise<T>,
): Promise<T> {
  const name = new URL(url).pathname.slice(1);
  const admin = withDatabase(url, "postgres");
  if (!(await databaseExists(admin, name))) await createDatabase(admin, name);
  await migrateUp(url);
  return run({ url, dataDir: null });
}
