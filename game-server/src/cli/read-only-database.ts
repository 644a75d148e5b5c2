import { existsSync } from "node:fs";
import path from "node:path";
import type { EventStore } from "@igp/ledger";
import pg from "pg";
import { parseEnv } from "../config/config.ts";
import { withDatabase } from "../database/create-database.ts";
import { EMBEDDED_DATABASE } from "../database/database.ts";
import {
  runningEmbeddedPostgres,
  StartupError,
  startEmbeddedPostgres,
} from "../database/embedded-postgres.ts";
import { createEventStore } from "../database/event-store.ts";

export interface ReadOnlyDatabase {
  pool: pg.Pool;
  store: EventStore;
  close(): Promise<void>;
}

/**
 * The database the auditing tools (audit, export) read: DATABASE_URL, else the embedded server
 * of a running platform, else the platform's embedded database started on its own files for the
 * tool. They need no secret and change nothing: the environment is only parsed (no data
 * directory created, no secret generated), no migration is run, and every transaction of their
 * connections is read-only (PostgreSQL refuses any write).
 */
export async function openReadOnlyDatabase(
  env: NodeJS.ProcessEnv = process.env,
): Promise<ReadOnlyDatabase> {
  const config = parseEnv(env);
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!url) {
    const databaseDir = path.join(path.resolve(config.DATA_DIR), "postgres");
    const running = await runningEmbeddedPostgres(databaseDir);
    if (running) url = withDatabase(running, EMBEDDED_DATABASE);
    else if (existsSync(path.join(databaseDir, "PG_VERSION"))) {
      const embedded = await startEmbeddedPostgres({
        dataDir: databaseDir,
        port: config.EMBEDDED_POSTGRES_PORT,
      });
      stopEmbedded = () => embedded.stop();
      url = withDatabase(embedded.url, EMBEDDED_DATABASE);
    } else {
      throw new StartupError(
        `No database to read: set DATABASE_URL, or DATA_DIR to a platform's data directory (there is no database under ${databaseDir}).`,
      );
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 10_000,
    options: "-c default_transaction_read_only=on",
  });
  pool.on("error", () => {});
  const store = createEventStore(config, pool);
  return {
    pool,
    store,
    async close() {
      await store.close();
      await pool.end();
      await stopEmbedded?.();
    },
  };
}
