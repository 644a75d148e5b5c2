import { randomBytes } from "node:crypto";
import { freePort } from "@igp/test-support/global-setup.ts";
import pg from "pg";
import { createDatabase, dropDatabase } from "../../src/database/create-database.ts";
import { migrateUp } from "../../src/database/migrate.ts";
import { FORCE_EMBEDDED, KEEP, PG_URL } from "./settings.ts";

/** The local PostgreSQL's new database of this run, or null when the servers embed their own. */
export interface BenchDatabase {
  external: { adminUrl: string; name: string; url: string } | null;
  /** The embedded cluster's port (0 with an external database). */
  embeddedPort: number;
}

/** A fresh, migrated database on the local PostgreSQL when it answers, else an embedded one's port. */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  if (!FORCE_EMBEDDED && (await reachable(PG_URL))) {
    const name = `igp_bench_${randomBytes(5).toString("hex")}`;
    const external = { adminUrl: PG_URL, name, url: await createDatabase(PG_URL, name) };
    await migrateUp(external.url);
    return { external, embeddedPort: 0 };
  }
  return { external: null, embeddedPort: await freePort() };
}

/** The line saying which database the run uses. */
export function describeDatabase({ external, embeddedPort }: BenchDatabase, dataDir: string) {
  return external
    ? `Database: local PostgreSQL, new database ${external.name} (${redact(external.url)})`
    : `Database: embedded PostgreSQL under ${dataDir} (port ${embeddedPort}; local ${redact(PG_URL)} ${FORCE_EMBEDDED ? "skipped: EMBEDDED=1" : "not reachable"})`;
}

/** Points a process's environment at the run's database: its URL, or the embedded port. */
export function withBenchDatabase(env: NodeJS.ProcessEnv, database: BenchDatabase) {
  if (database.external) env.DATABASE_URL = database.external.url;
  else {
    delete env.DATABASE_URL;
    env.EMBEDDED_POSTGRES_PORT = String(database.embeddedPort);
  }
  return env;
}

/** Drops the run's database on the local PostgreSQL, unless KEEP_DB. */
export async function dropBenchDatabase({ external }: BenchDatabase) {
  if (external && !KEEP) await dropDatabase(external.adminUrl, external.name).catch(() => {});
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL with its password hidden, for printing. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
