import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "./global-setup.ts";

/** Debian's redis-server (`apt-get install redis-server`; `.ci/run` installs it). */
export const REDIS_SERVER = "/usr/bin/redis-server";

/** Why Redis tests cannot run here, or null when they can. */
export const redisMissing = existsSync(REDIS_SERVER)
  ? null
  : `skipped: no ${REDIS_SERVER} (apt-get install redis-server)`;

export interface TestRedis {
  url: string;
  port: number;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * A throw-away redis-server on a free port of its own (never the machine's 6379), stopped by
 * `stop` (and killed with the test process at the latest). In memory only, unless given a
 * directory: then it keeps its data there (append-only file, as a deployment does), so that a
 * server started again on the same port and directory comes back with it.
 */
export async function startRedis(
  options: { port?: number; dir?: string } = {},
): Promise<TestRedis> {
  const port = options.port ?? (await freePort());
  const persistence = options.dir
    ? ["--dir", options.dir, "--appendonly", "yes"]
    : ["--appendonly", "no"];
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const killAtExit = () => child.kill("SIGKILL");
  process.once("exit", killAtExit);
  await readyOrExit(child, port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
    async stop() {
      process.off("exit", killAtExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function readyOrExit(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`redis-server did not start on port ${port}: ${output}`));
    }, 10_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with code ${code}: ${output}`));
    });
  });
}
