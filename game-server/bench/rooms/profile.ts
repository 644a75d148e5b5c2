import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";

/**
 * `--profile DIR`: the servers run under `node --cpu-prof` and write their profiles to DIR when
 * they stop. The profile's clock starts with its process; the benchmark's windows are turned
 * into that clock through the monotonic clock both share (V8's and `process.hrtime`'s), so that
 * `node game-server/bench/probes/profile-summary.mjs <profile> <fromMs> <toMs>` takes the join
 * path (first join to last ack) or the whole join phase alone.
 */
export function profileServers(dir: string) {
  const options = process.env.SERVER_NODE_OPTIONS ?? "";
  if (!/--cpu-prof(\s|$)/.test(options))
    // First: SERVER_NODE_OPTIONS may add --cpu-prof-interval, which node takes after --cpu-prof only.
    process.env.SERVER_NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${dir} ${options}`.trim();
}

/** performance.now() on the monotonic clock, in ms. */
const monotonicMs = (at: number) => Number(process.hrtime.bigint()) / 1e6 - performance.now() + at;

/** Prints, for each profile written to `dir` since `since` (epoch ms), the windows in its clock. */
export async function printProfileWindows(
  dir: string,
  since: number,
  windows: Record<string, [number, number]>,
) {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (!name.endsWith(".cpuprofile") || (await stat(file)).mtimeMs < since) continue;
    const { startTime } = JSON.parse(await readFile(file, "utf8")) as { startTime: number };
    console.log(`  server profile ${file}:`);
    for (const [label, [from, to]] of Object.entries(windows)) {
      const offset = (at: number) => (monotonicMs(at) - startTime / 1000).toFixed(0);
      console.log(
        `    ${label}: node game-server/bench/probes/profile-summary.mjs ${file} ${offset(from)} ${offset(to)}`,
      );
    }
  }
}
