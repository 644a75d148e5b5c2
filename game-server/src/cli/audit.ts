import { constants, PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";
import { auditLedger, OPEN_STREAMS_IN_MEMORY } from "@igp/projections";
import { minorToMajor } from "@igp/shared";
import { openReadOnlyDatabase } from "./read-only-database.ts";
import { runTool } from "./tool-database.ts";

/**
 * `npm run audit`: replays the whole ledger without the projections, verifies every hash chain,
 * conservation of money and the read models; prints a summary; exits 1 on any discrepancy.
 * Read-only: it needs no secret and writes nothing (read-only-database.ts); open accounts beyond
 * `--open-streams-in-memory` (default OPEN_STREAMS_IN_MEMORY) go to a temporary file it removes.
 * `npm run audit` runs it with semi-spaces of 16 MB (package.json): V8 would grow its young
 * generation to 3 x 64 MB for nothing; no cap on the old generation, which would
 * cost 45% more CPU at 1M (docs/audit.md, Figures: read models page by page). Near the heap's
 * limit it says on stderr what it needs (warnNearHeapLimit).
 */
/**
 * Says what the audit needs before V8 gives up: after a full collection that leaves the heap
 * over 90% of its limit (`--max-old-space-size`), one line on stderr with the figures and the
 * two ways out, so an audit that then dies out of heap has said why.
 */
function warnNearHeapLimit() {
  let warned = false;
  const observer = new PerformanceObserver((list) => {
    const major = (entry: unknown) =>
      (entry as { detail?: { kind?: number } }).detail?.kind ===
      constants.NODE_PERFORMANCE_GC_MAJOR;
    if (warned || !list.getEntries().some(major)) return;
    const { used_heap_size: used, heap_size_limit: whole } = getHeapStatistics();
    // The old space's cap when given (the heap's limit adds the young generation's room).
    const capped = /--max-old-space-size=(\d+)/.exec(process.execArgv.join(" "))?.[1];
    const limit = capped ? Number(capped) * 2 ** 20 : whole;
    if (used < 0.9 * limit) return;
    warned = true;
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    console.error(
      `audit: ${mb(used)} MB of ${mb(limit)} MB of the old space's limit still live after a full collection; it needs more: run node with a larger --max-old-space-size (e.g. ${mb(limit) * 2}) or hold fewer open accounts in memory (--open-streams-in-memory, default ${OPEN_STREAMS_IN_MEMORY}: about 1.2 KB each).`,
    );
  });
  observer.observe({ entryTypes: ["gc"] });
  return observer;
}

runTool(async () => {
  const heapWatch = warnNearHeapLimit();
  const { values } = parseArgs({
    options: { "open-streams-in-memory": { type: "string", default: `${OPEN_STREAMS_IN_MEMORY}` } },
  });
  const openStreamsInMemory = Number(values["open-streams-in-memory"]);
  if (!Number.isSafeInteger(openStreamsInMemory) || openStreamsInMemory < 1) {
    console.error("--open-streams-in-memory takes a whole number of streams, at least 1.");
    return 2;
  }
  const database = await openReadOnlyDatabase();
  try {
    const report = await auditLedger(database.store, database.pool, { openStreamsInMemory });
    const money = (minor: bigint | number) => minorToMajor(Number(minor)).toFixed(2);
    const streams = Object.entries(report.streams)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(", ");
    console.log("Ledger audit");
    console.log(`  events           ${report.events} in ${streams || "no streams"}`);
    console.log(`  money in         ${money(report.moneyIn)}`);
    console.log(`  money out        ${money(report.moneyOut)}`);
    console.log(`  in flight        ${money(report.moneyInFlight)}`);
    console.log(
      `  house balance    ${money(report.house.balance)} (cuts ${money(report.house.roundCuts)} + fees ${money(report.house.withdrawalFees)} - prizes ${money(report.house.prizesPaid)} - advances ${money(report.house.agentAdvances)}): the dashboard's house revenue`,
    );
    console.log(
      `  fair draws       ${report.fairRounds} settled round(s) recomputed from their seeds`,
    );
    if (report.problems.length === 0) {
      console.log(
        "  verdict          OK: hash chains intact, money conserved, projections match, draws fair",
      );
      return 0;
    }
    console.log(`  verdict          FAILED: ${report.problems.length} problem(s)`);
    for (const problem of report.problems) console.log(`    - ${problem}`);
    return 1;
  } finally {
    heapWatch.disconnect();
    await database.close();
  }
});
