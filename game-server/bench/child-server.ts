import { type ChildProcess, spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** The repository root (npm scripts run from here). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

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

/**
 * The game server as `npm start` runs it (`node --import tsx game-server/src/main.ts`, from the
 * root), minus the client build, in a process of its own.
 */
export function spawnServer(env: NodeJS.ProcessEnv, echoLimit = 20): ChildServer {
  // SERVER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server only.
  const extra = (process.env.SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...extra, "--import", "tsx", "game-server/src/main.ts"], {
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

/** Resident set size of a process, in bytes (Linux /proc). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** CPU seconds (user + system) a process has used so far (Linux /proc, 100 ticks a second). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The whole machine's CPU counters: busy and total ticks over all cores. */
export async function machineCpu(): Promise<{ busy: number; total: number }> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: total - idle, total };
}

/** Runs `work` over `items` with at most `limit` at a time (0: all at once). */
export async function inBatches<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  if (limit <= 0 || limit >= items.length) {
    await Promise.all(items.map((item, index) => work(item, index)));
    return;
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** The q-quantile (0..1) of already sorted values; NaN for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * CPU seconds used so far by PostgreSQL processes: the backends serving `database` (told by
 * their process title, e.g. "postgres: 15/main: postgres <database> 127.0.0.1(5000) idle"), or
 * the postmaster `postmasterPid` and all its children (an embedded cluster).
 * Backends that have exited are not counted.
 */
export async function postgresCpuSeconds(select: {
  database?: string;
  postmasterPid?: number;
}): Promise<number> {
  let total = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = (await readFile(`/proc/${entry}/cmdline`, "utf8")).replaceAll("\0", " ");
      if (!title.startsWith("postgres")) continue;
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ours =
        (select.database !== undefined && title.split(" ").includes(select.database)) ||
        (select.postmasterPid !== undefined &&
          (Number(fields[1]) === select.postmasterPid || Number(entry) === select.postmasterPid));
      if (ours) total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
