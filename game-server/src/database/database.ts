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
  const embeddedOptions = {
    dataDir: path.join(config.dataDir, "postgres"),
    port: config.EMBEDDED_POSTGRES_PORT,
  };
  if (!url) {
    embedded = await startEmbeddedPostgres(embeddedOptions);
    if (!(await databaseExists(embedded.url, EMBEDDED_DATABASE))) {
      await createDatabase(embedded.url, EMBEDDED_DATABASE);
    }
    url = withDatabase(embedded.url, EMBEDDED_DATABASE);
    log(`Embedded PostgreSQL running on port ${config.EMBEDDED_POSTGRES_PORT}.`);
  }
  const applied = await migrateUp(url);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(", ")}.`);
  const pool = createPgPool(url, config.DATABASE_POOL_SIZE, (error) =>
    log(`A database connection failed: ${error.message}`),
  );
  const watchdog = embedded
    ? new EmbeddedWatchdog(embedded, () => startEmbeddedPostgres(embeddedOptions), log)
    : null;
  return {
    url,
    pool,
    get embedded() {
      return watchdog?.current ?? null;
    },
    async close() {
      await watchdog?.stop();
      await pool.end();
      await watchdog?.current.stop();
    },
  };
}

const WATCH_MS = 1_000;

/**
 * The embedded PostgreSQL belongs to this process: when it dies (killed, crashed), start it again
 * on the same data directory, retrying each second (its old backends take a moment to go). The
 * pool's broken connections are dropped by pg and new ones reach the new server.
 */
class EmbeddedWatchdog {
  private readonly timer: NodeJS.Timeout;
  private restarting: Promise<void> | null = null;

  constructor(
    public current: EmbeddedDatabase,
    private readonly start: () => Promise<EmbeddedDatabase>,
    private readonly log: (line: string) => void,
  ) {
    this.timer = setInterval(() => this.check(), WATCH_MS);
    this.timer.unref();
  }

  private check() {
    if (this.restarting || this.current.running()) return;
    this.log("Embedded PostgreSQL stopped unexpectedly; restarting it.");
    this.restarting = this.start()
      .then((started) => {
        this.current = started;
        this.log("Embedded PostgreSQL restarted.");
      })
      .catch((error: unknown) =>
        this.log(`Embedded PostgreSQL did not restart yet: ${String(error)}`),
      )
      .finally(() => {
        this.restarting = null;
      });
  }

  async stop() {
    clearInterval(this.timer);
    await this.restarting;
  }
}
