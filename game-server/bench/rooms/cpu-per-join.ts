import type { Sample } from "./server-metrics.ts";

/** Server CPU per join (ms): the cluster's, and each process' share of it. */
export interface CpuPerJoin {
  total: number;
  perProcess: number[];
  /** The same without the idle CPU taken off. */
  gross: number;
}

/**
 * The CPU the joins cost the servers: what each process used from the first join to the last
 * result, less what it uses idle over as long (pings, timers: measured with every room and
 * client open, before the joins), over the joins. /proc's CPU seconds count only the cycles a
 * process ran, so the figure holds when other work shares the cores, as latency does not.
 */
export function cpuPerJoin(
  used: number[],
  seconds: number,
  idle: { from: Sample; to: Sample },
  joins: number,
): CpuPerJoin {
  const idleSeconds = (idle.to.at - idle.from.at) / 1000;
  const perProcess = used.map((cpu, i) => {
    const idleRate = (idle.to.cpus[i]! - idle.from.cpus[i]!) / idleSeconds;
    return (1000 * Math.max(0, cpu - idleRate * seconds)) / Math.max(1, joins);
  });
  const gross = (1000 * used.reduce((sum, cpu) => sum + cpu, 0)) / Math.max(1, joins);
  return { total: perProcess.reduce((sum, ms) => sum + ms, 0), perProcess, gross };
}

/** "0.84 ms (process 1 0.50 ms, process 2 0.34 ms; 1.02 ms before idle is taken off)". */
export function describeCpuPerJoin({ total, perProcess, gross }: CpuPerJoin): string {
  const each =
    perProcess.length > 1
      ? `process ${perProcess.map((ms, i) => `${i + 1} ${ms.toFixed(2)} ms`).join(", process ")}; `
      : "";
  return `${total.toFixed(2)} ms (${each}${gross.toFixed(2)} ms before idle is taken off)`;
}
