import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { cpuSecondsOf, rssOf } from "../process-stats.ts";

/** The server processes' memory and CPU seconds at one moment (summed, and CPU each). */
export interface Sample {
  rss: number;
  cpu: number;
  cpus: number[];
  at: number;
  /** The machine's 1-minute load average: how much other work shared the cores. */
  load: number;
}

/** Memory and CPU of the server processes. */
export async function sample(pids: number[]): Promise<Sample> {
  let rss = 0;
  for (const pid of pids) rss += await rssOf(pid);
  const cpus: number[] = [];
  for (const pid of pids) cpus.push(await cpuSecondsOf(pid));
  const cpu = cpus.reduce((sum, seconds) => sum + seconds, 0);
  return { rss, cpu, cpus, at: performance.now(), load: loadavg()[0]! };
}

/** The server's Prometheus text (scraping also resets prom-client's event-loop lag histogram). */
export async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`);
  return response.text();
}

export function metric(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : undefined;
}

/** The join routes' server-side duration histograms: mean and the share under 100 ms. */
export function joinHistogram(text: string): string {
  const lines = text
    .split("\n")
    .filter(
      (l) =>
        /route="\/api\/game\/(coin-flip|spin-wheel)\/join"/.test(l) && l.includes('status="200"'),
    );
  const total = (prefix: string, extra = "") =>
    lines
      .filter((l) => l.startsWith(prefix) && l.includes(extra))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
  const n = total("http_request_duration_seconds_count");
  if (n === 0) return "n/a";
  const mean = (total("http_request_duration_seconds_sum") / n) * 1000;
  const under = total("http_request_duration_seconds_bucket", 'le="0.1"');
  return `mean ${mean.toFixed(1)} ms, ${under}/${n} under 100 ms`;
}
