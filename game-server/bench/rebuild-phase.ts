import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { fixed } from "./measure.ts";
import { postgresCpuSeconds, postmasterPidIn } from "./process-stats.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SLICE = 100_000;

export interface RebuildFigures {
  events: number;
  seconds: number;
  cpuSeconds: number;
  slices: { to: number; seconds: number; toolCpu: number; postgresCpu: number; walMb: number }[];
}

/**
 * bench:audit's rebuild phase: `npm run rebuild-projections` in its own process, as an operator
 * runs it (BENCH_REBUILD_BATCH: its --batch-size; with a CPU profile written to `profileDir` if given), on the bench's database (`clusterDir`: the embedded cluster, for PostgreSQL's CPU).
 * Reads the tool's line per 100,000 events as it comes and measures each slice: wall time, the
 * tool's CPU (as it reports it) and PostgreSQL's (every process of the cluster), so a rebuild that slows as the
 * tables grow shows, and CPU per slice, steady on a loaded machine, says what it costs; and the
 * WAL PostgreSQL wrote in the slice (pages written whole after each checkpoint grow with the
 * tables a batch touches).
 */
export async function rebuildPhase(
  url: string,
  clusterDir: string,
  profileDir?: string,
): Promise<RebuildFigures> {
  const postmasterPid = await postmasterPidIn(clusterDir);
  const started = performance.now();
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(
    "node",
    [
      ...profile,
      "--import",
      "tsx",
      "game-server/src/cli/rebuild-projections.ts",
      `--progress=${SLICE}`,
      ...(process.env.BENCH_REBUILD_BATCH
        ? [`--batch-size=${process.env.BENCH_REBUILD_BATCH}`]
        : []),
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  const slices: RebuildFigures["slices"] = [];
  const postgres = postgresCpuSampler(postmasterPid);
  const wal = await walMeter(url);
  let postgresAtStart = await postgres.total();
  let walAtStart = await wal.bytes();
  let sliceStart = performance.now();
  let events = 0;
  let last = "";
  for await (const line of createInterface({ input: child.stdout! })) {
    last = line;
    const slice = /^slice \d+-(\d+): [\d.]+ s, tool CPU ([\d.]+) s/.exec(line);
    if (!slice) continue;
    const postgresNow = await postgres.total();
    const walNow = await wal.bytes();
    slices.push({
      to: Number(slice[1]),
      seconds: (performance.now() - sliceStart) / 1000,
      toolCpu: Number(slice[2]),
      postgresCpu: postgresNow - postgresAtStart,
      walMb: (walNow - walAtStart) / 2 ** 20,
    });
    walAtStart = walNow;
    events = Number(slice[1]);
    postgresAtStart = postgresNow;
    sliceStart = performance.now();
  }
  const code = await closed;
  postgres.stop();
  await wal.close();
  if (code !== 0 || !/^Rebuilt /.test(last)) throw new Error(`rebuild-projections failed: ${last}`);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = slices.reduce((sum, s) => sum + s.toolCpu + s.postgresCpu, 0);
  return { events, seconds, cpuSeconds, slices };
}

/** The phase's table: each slice (constant speed shows as constant rows), then the whole. */
export function printRebuild(figures: RebuildFigures) {
  console.log(
    `\nnpm run rebuild-projections, ${figures.events.toLocaleString("en")} events (beside the live tables, then switched in):`,
  );
  console.log(
    "| events            | wall s | events/s | tool CPU s | PostgreSQL CPU s | CPU s per 100k | WAL MB |",
  );
  console.log(
    "| ----------------- | ------ | -------- | ---------- | ---------------- | -------------- | ------ |",
  );
  let from = 0;
  for (const slice of figures.slices) {
    const count = slice.to - from;
    const cpu = slice.toolCpu + slice.postgresCpu;
    console.log(
      `| ${`${(from + 1).toLocaleString("en")}-${slice.to.toLocaleString("en")}`.padEnd(17)} | ${fixed(slice.seconds, 1).trim().padStart(6)} | ${Math.round(
        count / slice.seconds,
      )
        .toLocaleString("en")
        .padStart(
          8,
        )} | ${fixed(slice.toolCpu, 1).trim().padStart(10)} | ${fixed(slice.postgresCpu, 1).trim().padStart(16)} | ${fixed(
        (cpu * SLICE) / count,
        1,
      )
        .trim()
        .padStart(14)} | ${fixed(slice.walMb, 0).trim().padStart(6)} |`,
    );
    from = slice.to;
  }
  console.log(
    `Whole rebuild: ${fixed(figures.seconds, 1).trim()} s, ${Math.round(figures.events / figures.seconds).toLocaleString("en")} events/s (with start-up, indexes and switch), CPU ${fixed(figures.cpuSeconds, 1).trim()} s (tool + PostgreSQL), ${fixed((figures.cpuSeconds * SLICE) / Math.max(1, figures.events), 1).trim()} s per 100k events.`,
  );
}

/**
 * PostgreSQL's CPU so far, every process of the cluster, read every 200 ms and kept per process
 * as last seen: a backend that exits (the tool's, at its end) still counts what it used.
 */
function postgresCpuSampler(postmasterPid: number) {
  const seen = new Map<number, number>();
  const sample = async () => {
    for (const [pid, seconds] of await postgresCpuSeconds({ postmasterPid }))
      seen.set(pid, seconds);
  };
  const timer = setInterval(() => void sample(), 200);
  return {
    async total() {
      await sample();
      return [...seen.values()].reduce((sum, seconds) => sum + seconds, 0);
    },
    stop: () => clearInterval(timer),
  };
}

/** The WAL position in bytes, read on a connection of its own. */
async function walMeter(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async bytes() {
      const { rows } = await client.query<{ at: string }>(
        "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS at",
      );
      return Number(rows[0]!.at);
    },
    close: () => client.end(),
  };
}
