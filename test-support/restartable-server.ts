import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CommandHandler, createPgPool, createPostgresEventStore, Ledger } from "@igp/ledger";
import { createTestDatabase } from "./database.ts";
import { freePort } from "./global-setup.ts";
import { httpCaller } from "./http.ts";
import { type ChildServer, spawnServer, waitForHealth } from "./server-process.ts";

/**
 * A real server process on a database of its own, for restart tests: started, killed with
 * SIGKILL mid-work, started again. The test reads the ledger beside it (`store`, `ledger`).
 */
export async function restartableServer(name: string, settings: Record<string, string> = {}) {
  const databaseUrl = await createTestDatabase();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), `igp-${name}-`)),
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    JWT_SECRET: "restart-test-secret-restart-test-secret",
    SUPERADMIN_EMAIL: "root@example.com",
    SUPERADMIN_PASSWORD: "root-password-1",
    // Staff sign in with a password alone where the test is not about the second factor.
    TWO_FACTOR_STAFF: "off",
    ...settings,
  };
  const url = `http://127.0.0.1:${env.PORT}`;
  const pool = createPgPool(databaseUrl, 5);
  const store = createPostgresEventStore({ pool });
  let server: ChildServer | null = null;
  return {
    databaseUrl,
    env,
    call: httpCaller(url),
    pool,
    store,
    ledger: new Ledger(new CommandHandler(store)),
    /** Starts the server; `extra` adds settings to this start only (a crash hook...). */
    async start(extra: Record<string, string> = {}) {
      server = spawnServer({ ...env, ...extra });
      // A cold start transpiles the server: on a machine at load 30 it took over 30 s.
      await waitForHealth(server, url, 120_000);
    },
    /** The running process, if any (to freeze it with SIGSTOP...). */
    server: () => server,
    /** Waits for the server to end by itself (a crash hook killed it). */
    async exited() {
      await server?.exited;
      server = null;
    },
    /** SIGKILL, as a crash: nothing is finished or flushed. */
    async kill() {
      if (!server) return;
      server.child.kill("SIGKILL");
      await server.exited;
      server = null;
    },
    async close() {
      await server?.stop();
      server = null;
      await pool.end();
    },
  };
}
