import { randomBytes } from "node:crypto";
import path from "node:path";
import { startRedis, type TestRedis } from "@igp/test-support/redis.ts";
import { type ChildServer, spawnServer, waitForHealth } from "@igp/test-support/server-process.ts";
import { withDatabase } from "../../src/database/create-database.ts";
import { EMBEDDED_DATABASE } from "../../src/database/database.ts";
import { runningEmbeddedPostgres } from "../../src/database/embedded-postgres.ts";
import { type BenchDatabase, withBenchDatabase } from "./bench-database.ts";

/** The game server processes of a run and the Redis joining them, as far as they were started. */
export interface Cluster {
  server: ChildServer | null;
  others: ChildServer[];
  redis: TestRedis | null;
}

/** The first process's environment; every process shares its secrets (others refuse to start). */
export function serverEnvironment(options: {
  port: number;
  dataDir: string;
  jwtSecret: string;
  admin: { email: string; password: string };
  database: BenchDatabase;
  noticeMs: number;
}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    GAME_START_NOTICE_MS: String(options.noticeMs),
    JWT_SECRET: options.jwtSecret,
    FAIRNESS_SECRET: randomBytes(48).toString("base64url"),
    CODE_SECRET: randomBytes(48).toString("base64url"),
    IMAGE_LINK_SECRET: randomBytes(48).toString("base64url"),
    SUPERADMIN_EMAIL: options.admin.email,
    SUPERADMIN_PASSWORD: options.admin.password,
    // The benchmark signs its superAdmin in with a password alone.
    TWO_FACTOR_STAFF: "off",
  };
  return withBenchDatabase(env, options.database);
}

/**
 * The servers: the first (with the embedded database, if so), then the others on its database
 * and a Redis of the benchmark's own. Fills `cluster` as they start, so a failure stops those
 * started. Returns their pids and the database URL they share.
 */
export async function startServers(
  cluster: Cluster,
  serverEnv: NodeJS.ProcessEnv,
  {
    ports,
    urls,
    dataDir,
    database,
  }: {
    ports: number[];
    urls: string[];
    dataDir: string;
    database: BenchDatabase;
  },
) {
  if (ports.length > 1) {
    cluster.redis = await startRedis();
    Object.assign(serverEnv, {
      REDIS_URL: cluster.redis.url,
      PUBLIC_ADDRESS: `127.0.0.1:${ports[0]}`,
    });
  }
  const server = spawnServer(serverEnv);
  cluster.server = server;
  await waitForHealth(server, urls[0]!, 120_000);
  const databaseUrl =
    database.external?.url ??
    withDatabase(
      (await runningEmbeddedPostgres(path.join(dataDir, "postgres")))!,
      EMBEDDED_DATABASE,
    );
  for (const [i, port] of ports.slice(1).entries()) {
    const other = spawnServer({
      ...serverEnv,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dataDir, `process-${i + 2}`),
      PORT: String(port),
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    });
    cluster.others.push(other);
    await waitForHealth(other, urls[i + 1]!, 120_000);
  }
  const pids = [server.pid, ...cluster.others.map((other) => other.pid)];
  return { pids, databaseUrl };
}

/**
 * Stops the processes cleanly (SIGTERM): the others first, since the first may own the embedded
 * database; Redis last, since a process shuts down through it. Returns the first one's exit
 * code, or null when it never started.
 */
export async function stopServers(cluster: Cluster): Promise<number | null> {
  for (const other of cluster.others) await other.stop();
  const code = cluster.server ? await cluster.server.stop() : null;
  await cluster.redis?.stop();
  return code;
}

/** Kills every process at once (the benchmark ran past its time limit). */
export function killServers(cluster: Cluster) {
  for (const child of [cluster.server, ...cluster.others]) child?.child.kill("SIGKILL");
}
