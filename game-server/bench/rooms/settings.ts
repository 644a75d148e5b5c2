/**
 * The benchmark's settings, from flags (`npm run bench:rooms -- --rooms=50`) or environment
 * variables; what each means is listed in rooms.bench.ts.
 */
/** `--name=value` or `--name value` (a bare `--name` is 1). */
const flags = Object.fromEntries(
  process.argv.slice(2).flatMap((arg, i, args) => {
    if (!arg.startsWith("--")) return [];
    const [name = "", inline] = arg.slice(2).split("=");
    const next = args[i + 1];
    const value = inline ?? (next !== undefined && !next.startsWith("--") ? next : "1");
    return [[name.toUpperCase().replaceAll("-", "_"), value]];
  }),
);
const setting = (name: string, fallback: string) => flags[name] ?? process.env[name] ?? fallback;
const count = (name: string, fallback: number) => {
  const value = Number(setting(name, String(fallback)));
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};

export const ROOMS = count(
  "ROOMS",
  setting("PLAYERS", "") ? Math.floor(count("PLAYERS", 0) / 2) : 500,
);
export const PLAYERS = count("PLAYERS", 2 * ROOMS);
export const MODE = setting("MODE", "tables");
export const SPIN_SHARE = Number(setting("SPIN_SHARE", "0.5"));
if (!(SPIN_SHARE >= 0 && SPIN_SHARE <= 1)) throw new Error("SPIN_SHARE must be between 0 and 1");
export const JOIN_CONCURRENCY = count("JOIN_CONCURRENCY", 0);
export const PROCESSES = count("PROCESSES", 1);
export const JOIN_RATE = count("JOIN_RATE", PROCESSES > 1 ? 0 : 100);
export const CONNECT_CONCURRENCY = count("CONNECT_CONCURRENCY", 50);
export const CREATE_CONCURRENCY = count("CREATE_CONCURRENCY", 25);
export const SEED_CONCURRENCY = count("SEED_CONCURRENCY", 16);
export const PG_URL = setting("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres");
export const FORCE_EMBEDDED = setting("EMBEDDED", "") === "1";
export const TIMEOUT_S = count("BENCH_TIMEOUT_S", 300);
export const KEEP = setting("KEEP_DB", "") === "1";
export const START_NOTICE_MS = count("START_NOTICE_MS", 0);
export const CLIENTS_NICE = count("CLIENTS_NICE", 10);
export const BARE = count("BARE", 1) > 0;
/** A directory for the servers' CPU profiles (profile.ts); "" for none. */
export const PROFILE = setting("PROFILE", "");

/** Bet per round (major units) and each player's deposit (minor units). */
export const BET = 10;
export const DEPOSIT_MINOR = 100_00;
export const RESULT_TIMEOUT_MS = 60_000;
export const BURST = count("BURST", 1) > 0;
export const BURST_NOTICE_MS = count("BURST_NOTICE_MS", 5_000);

/**
 * How a run's joins arrive and when its rounds draw. The main plan is the settings' (JOIN_RATE
 * or JOIN_CONCURRENCY, START_NOTICE_MS); the burst plan fires every join at once while each
 * round's start notice (BURST_NOTICE_MS, what players get by default) holds its draw back, so
 * that from the first join to the last acknowledgement the servers do join work only.
 */
export interface JoinPlan {
  name: "main" | "burst";
  rate: number;
  inFlight: number;
  noticeMs: number;
  /** Issue 25's targets: p99 under 60 ms for joins at 100/s, under 300 ms for a burst of 500 at once. */
  targetP99Ms: number;
}

export const MAIN_PLAN: JoinPlan = {
  name: "main",
  rate: JOIN_RATE,
  inFlight: JOIN_CONCURRENCY,
  noticeMs: START_NOTICE_MS,
  targetP99Ms: JOIN_RATE > 0 ? 60 : 300,
};
export const BURST_PLAN: JoinPlan = {
  name: "burst",
  rate: 0,
  inFlight: 0,
  noticeMs: BURST_NOTICE_MS,
  targetP99Ms: 300,
};

/** "arriving at 100/s (Poisson)", "all at once", "20 at a time". */
export const describePlan = ({ rate, inFlight, noticeMs }: JoinPlan) =>
  `${rate > 0 ? `arriving at ${rate}/s (Poisson)` : inFlight === 0 ? "all at once" : `${inFlight} at a time`}, start notice ${noticeMs} ms`;
