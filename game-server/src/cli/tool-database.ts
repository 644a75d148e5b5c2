import path from "node:path";
import { createPgPool, type EventStore } from "@igp/ledger";
import type pg from "pg";
import { loadConfig } from "../config/config.ts";
import { startupFailure } from "../config/startup-failure.ts";
import { withDatabase } from "../database/create-database.ts";
import { type Database, EMBEDDED_DATABASE, openDatabase } from "../database/database.ts";
import { runningEmbeddedPostgres } from "../database/embedded-postgres.ts";
import { createEventStore } from "../database/event-store.ts";
import { migrateUp } from "../database/migrate.ts";

export interface ToolDatabase {
  pool: pg.Pool;
  store: EventStore;
  close(): Promise<void>;
}

/**
 * The database a command-line tool works on: DATABASE_URL, else the embedded server of a running
 * platform, else the embedded server started just for the tool (and stopped after it).
 */
export async function openToolDatabase(): Promise<ToolDatabase> {
  const config = await loadConfig(process.env);
  const running = config.DATABASE_URL
    ? null
    : await runningEmbeddedPostgres(path.join(config.dataDir, "postgres"));
  let database: Pick<Database, "pool" | "close">;
  if (running) {
    const url = withDatabase(running, EMBEDDED_DATABASE);
    await migrateUp(url);
    const pool = createPgPool(url, 4);
    database = { pool, close: () => pool.end() };
  } else {
    database = await openDatabase({ ...config, DATABASE_POOL_SIZE: 4 }, () => {});
  }
  const store = createEventStore(config, database.pool);
  return {
    pool: database.pool,
    store,
    async close() {
      await store.close();
      await database.close();
    },
  };
}

/** Runs a tool: one-line errors for configuration and start-up, exit code from the tool's result. */
export function runTool(tool: () => Promise<number>) {
  tool().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(startupFailure(error));
      process.exit(1);
    },
  );
}
