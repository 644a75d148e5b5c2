import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@igp/test-support/global-setup.ts";
import { createDatabase, databaseExists, withDatabase } from "../src/database/create-database.ts";
import { startEmbeddedPostgres } from "../src/database/embedded-postgres.ts";
import { migrateUp } from "../src/database/migrate.ts";

/**
 * Runs a benchmark on a migrated database of its own, in an embedded PostgreSQL started for it
 * and stopped afterwards, whatever the run does. `dataDir` names the cluster's folder (to find
 * its postmaster for CPU figures). The cluster is thrown away, unless `keepIn` names a folder:
 * then it is kept there and, on the next run, reused with what the last left in it (`reused`),
 * so a bench that seeds for long can seed once.
 */
export async function withBenchPostgres<T>(
  name: string,
  run: (database: { url: string; dataDir: string; reused: boolean }) => Promise<T>,
  keepIn?: string,
): Promise<T> {
  const dataDir = keepIn
    ? path.resolve(keepIn)
    : await mkdtemp(path.join(tmpdir(), `igp-bench-${name}-`));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    persistent: keepIn !== undefined,
  });
  try {
    const reused = await databaseExists(server.url, "bench");
    const url = reused
      ? withDatabase(server.url, "bench")
      : await createDatabase(server.url, "bench");
    await migrateUp(url);
    return await run({ url, dataDir, reused });
  } finally {
    await server.stop();
  }
}
