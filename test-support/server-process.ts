import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./global-setup.ts";

/** The repository root (npm scripts run from here). */
export const ROOT = fileURLToPath(new URL("../", import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  pid: number;
  /** Output lines that were not the start banner (warnings, errors), kept for the report. */
  logLines: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (a clean stop), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

/** The server's young generation, as `npm start` and the Dockerfile give it (docs/deploy.md, Sizing). */
export const SEMI_SPACE = "--max-semi-space-size=64";

/**
 * The game server as `npm start` runs it (`node --max-semi-space-size=64 --import tsx
 * game-server/src/main.ts`, from the root), minus the client build, in a process of its own.
 * SERVER_NODE_OPTIONS come after: `--max-semi-space-size=16` there compares the default.
 */

export function spawnServer(env: NodeJS.ProcessEnv, echoLimit = 20): ChildServer {
  // SERVER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server only.
  const extra = (process.env.SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  const flags = [SEMI_SPACE, ...extra, "--import", "tsx", "game-server/src/main.ts"];
  const child = spawn(process.execPath, flags, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logLines: string[] = [];
  const banner =
    /^(Instant games platform on|First superAdmin created|This password is shown|Embedded PostgreSQL running|Applied migrations|SIGTERM: stopping|Stopped cleanly)/;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      const text = line.trim();
      if (!text || banner.test(text)) continue;
      logLines.push(text);
      if (logLines.length <= echoLimit) console.log(`  [server] ${text.slice(0, 300)}`);
      if (logLines.length === echoLimit + 1) console.log("  [server] (further lines counted only)");
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
  });
  return {
    child,
    pid: child.pid!,
    logLines,
    exited,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * The server as `npm start` runs it on its embedded defaults: a fresh embedded PostgreSQL under a
 * temporary DATA_DIR (named after `name`), `superAdmin` as the first superAdmin. `stop` ends the
 * process and removes the directory.
 */
export async function startEmbeddedServer(
  name: string,
  superAdmin: { email: string; password: string },
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `igp-${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    SUPERADMIN_EMAIL: superAdmin.email,
    SUPERADMIN_PASSWORD: superAdmin.password,
    // Staff sign in with a password alone where the test is not about the second factor.
    TWO_FACTOR_STAFF: "off",
    LOG_LEVEL: "warn",
  });
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server, url, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Polls GET /api/health until it answers 200; fails if the process exits first. */
export async function waitForHealth(server: ChildServer, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with code ${exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
