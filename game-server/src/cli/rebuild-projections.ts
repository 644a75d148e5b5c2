import { rebuildProjections } from "@igp/projections";
import { openToolDatabase, runTool } from "./tool-database.ts";

/**
 * `npm run rebuild-projections [-- --resume] [-- --progress=N]`: replays the ledger into a copy
 * of the read models beside the live ones, in batches, then switches the copy in (the server may
 * keep running and serving: docs/deploy.md, Rebuilding the read models). `--resume` goes on
 * from where an interrupted rebuild stopped; `--progress=N` prints a line every N events
 * (default 100,000) with the slice's time and this process's CPU; `--batch-size=N` sets the events
 * per transaction (rebuild.ts has the default).
 */
runTool(async () => {
  const args = process.argv.slice(2);
  const unknown = args.filter(
    (arg) => arg !== "--resume" && !/^--(progress|batch-size)=/.test(arg),
  );
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown[0]}: use --resume, --progress=N or --batch-size=N.`);
    return 2;
  }
  const every = wholeOption(args, "progress", 100_000);
  const batchSize = wholeOption(args, "batch-size", undefined);
  if (every === null || batchSize === null) {
    console.error(
      "--progress and --batch-size take a whole number of events, e.g. --progress=100000.",
    );
    return 2;
  }
  const database = await openToolDatabase();
  try {
    const slices = sliceReporter(every);
    const { events, tables } = await rebuildProjections(database.store, database.pool, {
      resume: args.includes("--resume"),
      batchSize,
      onProgress: slices.report,
    });
    slices.report(events, true);
    console.log(`Rebuilt ${tables.join(", ")} from ${events} events.`);
    return 0;
  } finally {
    await database.close();
  }
});

/** A line per `every` events: the slice's wall time and this process's CPU in it. */
function sliceReporter(every: number) {
  let nextAt = every;
  let started = performance.now();
  let cpu = process.cpuUsage();
  let sliceFrom = 0;
  return {
    report(events: number, last = false) {
      if (events < nextAt && !(last && events > sliceFrom)) return;
      const used = process.cpuUsage(cpu);
      console.log(
        `slice ${sliceFrom + 1}-${events}: ${((performance.now() - started) / 1000).toFixed(2)} s, ` +
          `tool CPU ${((used.user + used.system) / 1e6).toFixed(2)} s`,
      );
      sliceFrom = events;
      nextAt = (Math.floor(events / every) + 1) * every;
      started = performance.now();
      cpu = process.cpuUsage();
    },
  };
}

/** `--name=N` as a positive whole number: `fallback` when absent, null when not one. */
function wholeOption<T>(args: string[], name: string, fallback: T): number | T | null {
  const given = args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (given === undefined) return fallback;
  const value = Number(given);
  return Number.isInteger(value) && value > 0 ? value : null;
}
