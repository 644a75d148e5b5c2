/**
 * A probe for the server under a benchmark: every PostgreSQL statement a pg Client sends (those
 * of `pool.query` and those of a checked-out client, in transactions), counted, timed and placed
 * on a timeline. Load it into the server only:
 *   SERVER_NODE_OPTIONS="--import ./game-server/bench/probes/pg-queries.mjs" npm run bench:rooms
 * When the server exits it writes /tmp/pg-queries-<pid>.txt: per statement, how many ran and
 * their latency (p50, p99, max); then, per 50 ms of the second whose queries waited longest,
 * which statements ran and their mean latency: where a burst queues.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const pg = createRequire(new URL("../../package.json", import.meta.url))("pg");
/** [start ms, duration ms, statement] of every query. */
const log = [];
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === "string" ? config : (config?.name ?? config?.text ?? "?");
  const statement = String(text).replace(/\s+/g, " ").slice(0, 60);
  const start = performance.now();
  const done = () => log.push([start, performance.now() - start, statement]);
  // pool.query calls its client with a callback: the statement is done when that is called.
  const after =
    (callback) =>
    (...args) => {
      done();
      return callback(...args);
    };
  if (typeof values === "function") return query.call(this, config, after(values));
  if (typeof callback === "function") return query.call(this, config, values, after(callback));
  const result = query.call(this, config, values, callback);
  if (typeof result?.then === "function") result.then(done, done);
  return result;
};

/** Entries grouped by their statement (Map.groupBy is Node 21+). */
function byStatementOf(entries) {
  const groups = new Map();
  for (const entry of entries) groups.set(entry[2], [...(groups.get(entry[2]) ?? []), entry]);
  return groups;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function report() {
  const lines = ["count\tp50 ms\tp99 ms\tmax ms\tstatement"];
  const byStatement = byStatementOf(log);
  for (const [statement, entries] of [...byStatement].sort((a, b) => b[1].length - a[1].length)) {
    const times = entries.map((entry) => entry[1]).sort((a, b) => a - b);
    const ms = (value) => value.toFixed(1);
    lines.push(
      `${times.length}\t${ms(quantile(times, 0.5))}\t${ms(quantile(times, 0.99))}\t${ms(times.at(-1))}\t${statement}`,
    );
  }
  lines.push(
    "",
    "The second whose queries waited longest, by 50 ms (statements started: count x mean ms):",
  );
  const busiest = busiestSecond();
  for (let slot = busiest; slot < busiest + 1000; slot += 50) {
    const slice = log.filter(([start]) => start >= slot && start < slot + 50);
    const groups = [...byStatementOf(slice)].map(
      ([statement, entries]) =>
        `${statement.slice(0, 32)}: ${entries.length} x ${(entries.reduce((sum, e) => sum + e[1], 0) / entries.length).toFixed(0)}`,
    );
    lines.push(`+${slot - busiest} ms\t${groups.join(" | ")}`);
  }
  writeFileSync(`/tmp/pg-queries-${process.pid}.txt`, `${lines.join("\n")}\n`);
}

/**
 * The start of the second (in 50 ms steps) whose queries waited longest in all (their summed
 * latency): where the load queued, rather than where the most quick queries ran.
 */
function busiestSecond() {
  const waited = new Map();
  for (const [start, ms] of log) {
    const slot = Math.floor(start / 50) * 50;
    waited.set(slot, (waited.get(slot) ?? 0) + ms);
  }
  let best = 0;
  let most = -1;
  for (const slot of waited.keys()) {
    let sum = 0;
    for (let next = slot; next < slot + 1000; next += 50) sum += waited.get(next) ?? 0;
    if (sum > most) [most, best] = [sum, slot];
  }
  return best;
}

process.on("exit", report);
