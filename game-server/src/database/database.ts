import path from "node:path";
import { createPgPool } from "@igp/ledger";
import type pg from "pg";
import type { Config } from "../config/config.ts";
import { createDatabase, databaseExists, withDatabase } from "./create-database.ts";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { migrateUp } from "./migrate.ts";

export const EMBEDDED_DATABASE = "igp";

export interface Database {
  url: string;
  pool: pg.Pool;
  embedded: EmbeddedDatabase | null;
  close(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/postgres. */
export async function openDatabase(
  config: Pick<
    Config,
    "DATABASE_URL" | "dataDir" | "EMBEDDED_POSTGRES_PORT" | "DATABASE_POOL_SIZE"
  >,
  log: (line: string) => void,
): Promise<Database> {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, "postgres"),
      port: config.EMBEDDED_POSTGRES_PORT,
    });
    if (!(await databaseExists(embedded.url, EMBEDDED_DATABASE))) {
      await createDatabase(embedded.url, EMBEDDED_DATABASE);
    }
    url = withDatabase(embedded.url, EMBEDDED_DATABASE);
    log(`Embedded PostgreSQL running on port ${config.EMBEDDED_POSTGRES_PORT}.`);
  }
  const applied = await migrateUp(url);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(", ")}.`);
  const pool = createPgPool(url, config.DATABASE_POOL_SIZE, (error) =>
    log(`Idle database connection failed: ${error.message}`),
  );
  return {
    url,
    pool,
    embedded,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
