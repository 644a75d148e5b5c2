import { performance } from "node:perf_hooks";

export interface Measurement {
  operations: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Runs `writers` loops of `operation` for `seconds` and measures throughput and latency.
 * Each loop is given its index, so it can work on its own account.
 */
export async function measure(
  writers: number,
  seconds: number,
  operation: (writer: number) => Promise<void>,
): Promise<Measurement> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < deadline) {
        const before = performance.now();
        await operation(writer);
        latencies.push(performance.now() - before);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length === 0 ? 0 : quantile(latencies, q));
  return {
    operations: latencies.length,
    perSecond: latencies.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

export const fixed = (value: number, digits = 1) => value.toFixed(digits).padStart(9);

/** The q-quantile (0..1) of already sorted values; NaN for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
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
