import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { CommandHandler, Ledger } from "@igp/ledger";
import pg from "pg";
import { generateExportKeyPair } from "../src/ledger-export/export-key.ts";
import { LOTTERY_TICKETS, seedAuditMix } from "./audit-seed.ts";
import { withBenchPostgres } from "./bench-postgres.ts";
import { fixed } from "./measure.ts";
import { printRebuild, rebuildPhase } from "./rebuild-phase.ts";
import { SeedEventStore } from "./seed-event-store.ts";

/**
 * `npm run bench:audit [-- --events N]`: seeds a realistic mix of N ledger events (BENCH_EVENTS,
 * default 200,000; issue 26's model: deposits, coin flips and spins with their fairness proofs,
 * withdrawals, lotteries of 10,000 tickets: --lottery-tickets, --one-lottery; --players) on a PostgreSQL of
 * its own, decided by the real ledger and written in batched inserts (seed-event-store.ts), then
 * runs, each in its own process as a person would, `npm run audit` (with the heap flags its
 * script sets, and with node's defaults), `npm run export-ledger` and the offline verifier (with
 * `--small-heap`, both also with a 64 MB heap),
 * BENCH_RUNS times each, and prints events/s, CPU seconds and peak memory (the process's
 * maximum resident set, /usr/bin/time -v), medians. Then `npm run rebuild-projections` once,
 * with its figures per 100,000 events (rebuild-phase.ts; BENCH_REBUILD=0 leaves it out,
 * BENCH_RUNS=0 runs only it). BENCH_CLUSTER_DIR keeps the seeded database for the next run. Asserts
 * nothing.
 */
const { values: flags } = parseArgs({
  options: {
    events: { type: "string" },
    "lottery-tickets": { type: "string" },
    "one-lottery": { type: "boolean" },
    players: { type: "string" },
    "small-heap": { type: "boolean" },
    profile: { type: "string" },
  },
});
const EVENTS = Number(flags.events ?? process.env.BENCH_EVENTS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/**
 * `--lottery-tickets N`: the seeded lotteries' size (default issue 26's 10,000; a longer ledger
 * has more of them); `--one-lottery`: one lottery of all the tickets, after the rounds (open
 * until the ledger's end: its tickets held to the end, growing with the ledger).
 */
const LOTTERY_SIZE = flags["one-lottery"]
  ? Number.POSITIVE_INFINITY
  : Number(flags["lottery-tickets"] ?? LOTTERY_TICKETS);
if (
  !(Number.isInteger(LOTTERY_SIZE) && LOTTERY_SIZE >= 1) &&
  LOTTERY_SIZE !== Number.POSITIVE_INFINITY
)
  throw new Error("--lottery-tickets needs a whole number of at least 1");
/**
 * `--players N`: the seeded players (default one per 50 events: a longer ledger has more of them);
 * the same number at 1M and 5M tells a longer history from more accounts open.
 */
const PLAYERS = flags.players === undefined ? undefined : Number(flags.players);
if (PLAYERS !== undefined && !(Number.isInteger(PLAYERS) && PLAYERS >= 4))
  throw new Error("--players needs a whole number of at least 4");
/** The export and the verifier also with a 64 MB heap (slow: for "it finishes", not a speed). */
const SMALL_HEAPS = flags["small-heap"] ?? false;
/** `--profile DIR`: the audit's first run and the rebuild write CPU profiles there (--cpu-prof). */
const PROFILE_DIR = flags.profile === undefined ? null : path.resolve(flags.profile);
/**
 * BENCH_CLUSTER_DIR: the bench's PostgreSQL kept in that folder; a later run with the same folder
 * reuses its ledger (whatever --events says) instead of seeding again. Delete the folder after.
 */
const KEEP_IN = process.env.BENCH_CLUSTER_DIR || undefined;
/**
 * BENCH_AUDIT_FLAGS: sets of node flags, `;` between sets, each run as one more audit case
 * beside package.json's, to weigh the heap's flags (docs/audit.md, Figures); the audit's own
 * arguments after ` -- ` in a set ("--max-semi-space-size=16 -- --open-streams-in-memory 20000").
 */
const FLAG_SETS = (process.env.BENCH_AUDIT_FLAGS ?? "")
  .split(";")
  .map((set) => set.trim())
  .filter(Boolean);
const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
/** An npm script's command as package.json has it, its heap flags included. */
const npmScript = (name: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts[name] as string).split(
    " ",
  );
const AUDIT = npmScript("audit");
const EXPORT = npmScript("export-ledger");

interface Figures {
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  stdout: string;
}

/** One run of a command under /usr/bin/time -v: wall time, CPU, peak resident memory. */
async function timed(args: string[], env: NodeJS.ProcessEnv): Promise<Figures> {
  const started = performance.now();
  const { stdout, stderr } = await run("/usr/bin/time", ["-v", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`${args.join(" ")} failed:\n${error.stdout}\n${error.stderr}`);
  });
  const field = (name: string) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(stderr)?.[1] ?? 0);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: field("User time \\(seconds\\)") + field("System time \\(seconds\\)"),
    peakMb: field("Maximum resident set size \\(kbytes\\)") / 1024,
    stdout,
  };
}

/** A realistic mix of about EVENTS ledger events, written to the bench's database. */
async function seed(pool: pg.Pool): Promise<number> {
  const store = new SeedEventStore(pool);
  // Every stream stays in the handler's cache: the seed store keeps heads, not events.
  const ledger = new Ledger(new CommandHandler(store, { cacheSize: 10_000_000 }));
  console.log(`Seeding about ${EVENTS.toLocaleString("en")} events...`);
  const seeding = performance.now();
  await seedAuditMix(ledger, EVENTS, { lotteryTickets: LOTTERY_SIZE, playerCount: PLAYERS });
  await store.flush();
  await pool.query("VACUUM ANALYZE ledger_events");
  const { rows } = await pool.query(
    "SELECT count(*)::int AS n, count(DISTINCT stream_id)::int AS s FROM ledger_events",
  );
  console.log(
    `Seeded ${rows[0].n.toLocaleString("en")} events in ${rows[0].s.toLocaleString("en")} streams in ${fixed((performance.now() - seeding) / 1000, 1).trim()} s (${store.misses} stream reads from PostgreSQL).`,
  );
  return rows[0].n;
}

/** A kept cluster's ledger, as the last run seeded it (BENCH_CLUSTER_DIR). */
async function seededEvents(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM ledger_events");
  console.log(`Reusing the ledger of ${rows[0].n.toLocaleString("en")} events kept in ${KEEP_IN}.`);
  return rows[0].n;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  await withBenchPostgres(
    "audit",
    async ({ url, dataDir, reused }) => {
      // Connections kept open and given time: at load average 30+ a new one can take over 10 s.
      const pool = new pg.Pool({
        connectionString: url,
        max: 2,
        idleTimeoutMillis: 0,
        connectionTimeoutMillis: 120_000,
      });
      const events = reused ? await seededEvents(pool) : await seed(pool);
      await pool.end();

      const work = await mkdtemp(path.join(tmpdir(), "igp-bench-audit-"));
      const keys = generateExportKeyPair();
      const keyFile = path.join(work, "key.pem");
      const publicFile = path.join(work, "key.pub.pem");
      await writeFile(keyFile, keys.privateKey, { mode: 0o600 });
      await writeFile(publicFile, keys.publicKey);
      const env = { DATABASE_URL: url, LEDGER_EXPORT_KEY_FILE: keyFile };
      const tsx = (script: string, ...args: string[]) => [
        "node",
        "--import",
        "tsx",
        script,
        ...args,
      ];
      const smallHeap = (args: string[]) => ["node", "--max-old-space-size=64", ...args.slice(1)];
      const verifier = (heap: string[]) => [
        "node",
        ...heap,
        "tools/verify-export/verify.mjs",
        "--public-key",
        publicFile,
        path.join(work, "export-0"),
      ];
      const cases: [string, (i: number) => string[]][] = [
        [
          "npm run audit",
          (i) =>
            PROFILE_DIR && i === 0
              ? ["node", "--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`, ...AUDIT.slice(1)]
              : AUDIT,
        ],
        // What V8 does with the heap unasked: it grows it while it may (docs/audit.md, Figures).
        ["audit, node's flags", () => tsx("game-server/src/cli/audit.ts")],
        ...FLAG_SETS.map((set): [string, () => string[]] => {
          const [flags = "", args = ""] = set.split(/\s*--(?:\s+|$)/);
          const words = (text: string) => text.split(/\s+/).filter(Boolean);
          return [
            `audit, ${set}`,
            () => [
              "node",
              ...words(flags),
              ...tsx("game-server/src/cli/audit.ts", ...words(args)).slice(1),
            ],
          ];
        }),
        ["npm run export-ledger", (i) => [...EXPORT, "--out", path.join(work, `export-${i}`)]],
        ["verifier", () => verifier([])],
      ];
      if (SMALL_HEAPS)
        cases.push(
          [
            "export, 64 MB heap",
            (i) =>
              smallHeap(
                tsx("game-server/src/cli/export-ledger.ts", "--out", path.join(work, `small-${i}`)),
              ),
          ],
          ["verifier, 64 MB heap", () => verifier(["--max-old-space-size=64"])],
        );
      const results = new Map<string, Figures[]>();
      try {
        // Interleaved: each round runs every case once, so load on the machine falls on all alike.
        for (let i = 0; i < RUNS; i++)
          for (const [name, args] of cases) {
            const figures = await timed(args(i), env);
            if (!/verdict\s+OK|Ledger export in/.test(figures.stdout))
              throw new Error(`${name}:\n${figures.stdout}`);
            results.set(name, [...(results.get(name) ?? []), figures]);
          }
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      console.log(
        `\n${events.toLocaleString("en")} events, medians of ${RUNS} interleaved runs (2 shared cores, load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(" ")} at the end):`,
      );
      console.log(
        "| tool                 | events/s | wall s | CPU s | CPU s/100k events | peak RSS MB |",
      );
      console.log(
        "| -------------------- | -------- | ------ | ----- | ----------------- | ----------- |",
      );
      for (const [name, runs] of results) {
        const seconds = median(runs.map((r) => r.seconds));
        const cpu = median(runs.map((r) => r.cpuSeconds));
        const peak = median(runs.map((r) => r.peakMb));
        console.log(
          `| ${name.padEnd(20)} | ${Math.round(events / seconds)
            .toLocaleString("en")
            .padStart(
              8,
            )} | ${fixed(seconds, 1).trim().padStart(6)} | ${fixed(cpu, 1).trim().padStart(5)} | ${fixed(
            (cpu * 1e5) / events,
            2,
          )
            .trim()
            .padStart(17)} | ${fixed(peak, 0).trim().padStart(11)} |`,
        );
      }
      if (process.env.BENCH_REBUILD !== "0")
        printRebuild(await rebuildPhase(url, dataDir, PROFILE_DIR ?? undefined));
    },
    KEEP_IN,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
