import { spawnSync } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@colyseus/sdk";
import { freePort } from "./global-setup.ts";
import { httpCaller, type TestServer } from "./http.ts";
import { type ChildServer, ROOT, spawnServer, waitForHealth } from "./server-process.ts";

/** One game server process of a test cluster, reached on its own port. */
export interface ClusterNode {
  name: string;
  url: string;
  server: ChildServer;
  call: TestServer["call"];
  /** An SDK client pointed at this process, signed in with the token. */
  client(token: string): Client;
}

export const CLUSTER_SECRETS = {
  JWT_SECRET: "cluster-test-jwt-secret-cluster-test-jwt-secret",
  FAIRNESS_SECRET: "cluster-test-fairness-secret-cluster-test-fairness",
  CODE_SECRET: "cluster-test-code-secret-cluster-test-code-secret",
  IMAGE_LINK_SECRET: "cluster-test-image-link-secret-cluster-test-image",
};

/**
 * The environment of a cluster process: one database and one Redis shared with its peers, the
 * same secrets, its own port and public address (the address matchmaking sends clients to).
 */
export async function clusterEnv(
  databaseUrl: string,
  redisUrl: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<NodeJS.ProcessEnv> {
  const port = await freePort();
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), "igp-cluster-")),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    SUPERADMIN_EMAIL: "root@example.com",
    SUPERADMIN_PASSWORD: "root-password-1",
    // Staff sign in with a password alone where the test is not about the second factor.
    TWO_FACTOR_STAFF: "off",
    RATE_LIMIT_REGISTER: "1000",
    RATE_LIMIT_LOGIN: "1000",
    RATE_LIMIT_MONEY: "1000",
    ...CLUSTER_SECRETS,
    ...extra,
  };
}

/** Starts a cluster process and waits for its health to answer 200. */
export async function startNode(name: string, env: NodeJS.ProcessEnv): Promise<ClusterNode> {
  const url = `http://127.0.0.1:${env.PORT}`;
  const server = spawnServer(env);
  await waitForHealth(server, url, 60_000);
  return {
    name,
    url,
    server,
    call: httpCaller(url),
    client(token) {
      const client = new Client(url);
      client.auth.token = token;
      return client;
    },
  };
}

/** `npm run audit` on a database: its verdict line and exit code. */
export function auditDatabase(databaseUrl: string) {
  const audit = spawnSync(process.execPath, ["--import", "tsx", "game-server/src/cli/audit.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return { status: audit.status, stdout: audit.stdout };
}
