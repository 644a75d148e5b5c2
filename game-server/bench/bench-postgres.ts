import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@igp/test-support/global-setup.ts";
import { createDatabase } from "../src/database/create-database.ts";
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
