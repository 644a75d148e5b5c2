import { availableParallelism } from "node:os";
import { runBare } from "./bare/bare-run.ts";
import type { CpuPerJoin } from "./cpu-per-join.ts";
import { type RunResult, runBench } from "./run.ts";
import { coins } from "./sdk-clients.ts";
import { BARE, BURST, BURST_PLAN, describePlan, MAIN_PLAN, PROCESSES } from "./settings.ts";

/**
 * `npm run bench:rooms`: Coin Flip and Spin Wheel realtime rooms under load. Starts one game server process
 * (as `npm start` does, without the client build) on a fresh database, seeds funded players
 * straight into it, opens ROOMS rounds over HTTP, connects PLAYERS SDK clients (each holds its
 * per-user channel and its round's room), fires every joiner's POST /api/game/{game}/join,
 * waits for every result (`coin`, `spin`) message, prints figures, stops the server and runs `npm run audit`.
 * Exits 1 when a stage fails or the audit is not clean. Settings: environment variables or
 * flags (`npm run bench:rooms -- --rooms=50`):
 *   ROOMS=500             rounds played at once (2 players each)
 *   PLAYERS=2*ROOMS       connected players; those beyond 2*ROOMS only watch a round
 *                         (PLAYERS alone: ROOMS = PLAYERS / 2)
 *   MODE=tables           tables: a superAdmin table per round; private: private rounds
 *   SPIN_SHARE=0.5        the share of rounds that are spin wheels (the creator locks 1-3, the
 *                         joiner 4-6: all six held, so it draws after the start notice)
 *   JOIN_RATE=100         joins per second, arriving at random (Poisson) moments like independent
 *                         players; 0: use JOIN_CONCURRENCY instead
 *   JOIN_CONCURRENCY=0    joins in flight at once when JOIN_RATE=0 (0: all fired at once)
 *   CONNECT_CONCURRENCY=50, CREATE_CONCURRENCY=25, SEED_CONCURRENCY=16
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   (EMBEDDED=1: embedded always)
 *   BENCH_TIMEOUT_S=300   hard limit for the whole run
 *   START_NOTICE_MS=0     the server's GAME_START_NOTICE_MS: 0 draws at once, so every round's
 *                         settlement competes with the joins still coming (the worst case);
 *                         5000 is what players get by default
 *   PROCESSES=1           game server processes (>1: on one database and a redis-server the
 *                         benchmark starts, each with its own PUBLIC_ADDRESS; creators, joiners
 *                         and watchers spread over them so rounds cross processes). The run is
 *                         done with 1 process first, then with PROCESSES, and compared; joins
 *                         default to all at once (JOIN_RATE=0) so rounds/s measures capacity
 *   CLIENTS_NICE=10       while the joins run, the benchmark's thousand SDK clients (its main thread)
 *                         run at this nice value, so that the server and PostgreSQL get the cores
 *                         first, as with clients on their own devices; the timed joins keep nice 0
 *                         (their worker thread). 0: the clients compete with the server as equals
 *   BARE=1                then the same rounds, clients and joins against a bare Colyseus room
 *                         (bare/bare-server.ts: a seat list, no ledger, database or auth), and
 *                         the two compared: server CPU per join, rounds/s, join ack. 0: skip it
 *   BURST=1               then it all again with every join at once (500: the burst a popular
 *                         table makes) while each round's start notice (BURST_NOTICE_MS=5000,
 *                         what players get) holds its draw: from the first join to the last ack
 *                         the servers do join work only, which is the figure "server CPU per
 *                         join, join path" of this run; 0: skip it
 *   KEEP_DB=1             keep the database (and DATA_DIR) afterwards
 *   PROFILE=DIR           the servers run under `node --cpu-prof` and write their profiles to
 *                         DIR; each run prints the profile-summary.mjs commands for its join
 *                         path and join phase (profile.ts)
 *
 * Two CPU figures per run: per join, the join path (first join → last ack, less idle; only
 * when no round settled in that window, as in the burst run) and per round (first join → last
 * result: the countdown, draw, settlement, projections and followers too).
 *
 * Here: the comparisons with a bare room and with several processes. A run and its stages: run.ts; settings.ts;
 * bench-database.ts and servers.ts start what it runs on; open-rounds.ts, sdk-clients.ts and
 * joins.ts play the rounds; server-metrics.ts and figures.ts measure and print them.
 */
async function main(): Promise<number> {
  if (PROCESSES < 1) throw new Error("PROCESSES must be at least 1");
  const runs: { platform: Compared; several: Compared | null; bare: Compared | null }[] = [];
  let code = 0;
  for (const plan of BURST ? [MAIN_PLAN, BURST_PLAN] : [MAIN_PLAN]) {
    const single = await runBench(1, plan);
    coins.received = 0;
    const several = PROCESSES > 1 ? await runBench(PROCESSES, plan) : null;
    coins.received = 0;
    const bare = BARE ? await runBare(plan) : null;
    coins.received = 0;
    runs.push({ platform: single, several, bare });
    code ||= single.code || (several?.code ?? 0) || (bare && !bare.complete ? 1 : 0);
  }
  for (const [i, { platform, several, bare }] of runs.entries()) {
    const plan = describePlan(i === 0 ? MAIN_PLAN : BURST_PLAN);
    if (bare) {
      console.log(`\nThe platform vs a bare Colyseus room (bare-server.ts), joins ${plan}`);
      compare(["platform", "bare room", "platform / bare"], platform, bare);
    }
    if (several?.cpuPerJoin === null)
      console.log(`\nThe ${PROCESSES}-process run failed (above): no comparison with one process.`);
    else if (several) {
      console.log(
        `\nOne process vs ${PROCESSES} on this machine (${availableParallelism()} cores), joins ${plan}`,
      );
      compare(["1 process", `${PROCESSES} processes`, "ratio"], platform, several);
      const each = (cpu: CpuPerJoin | null) =>
        (cpu?.perProcess ?? []).map((ms) => `${ms.toFixed(2)} ms`).join(", ");
      console.log(
        `  server CPU per join, join path, each of the ${PROCESSES}: ${each(several.joinPathCpu)}`,
      );
      console.log(`  server CPU per round, each of the ${PROCESSES}: ${each(several.cpuPerJoin)}`);
    }
  }
  return code;
}

type Compared = Pick<
  RunResult,
  "roundsPerSecond" | "joinP50" | "joinP99" | "cpuPerJoin" | "joinPathCpu" | "joinPathSettled"
>;

/** One row per figure: a, b, and b / a (or a / b, for the bare room: how many times its cost). */
function compare([a, b, ratio]: string[], one: Compared, other: Compared) {
  const againstBare = ratio === "platform / bare";
  const row = (label: string, x: number, y: number, unit: string, digits = 1) =>
    `  ${label.padEnd(36)} ${`${x.toFixed(digits)} ${unit}`.padStart(12)} ${`${y.toFixed(digits)} ${unit}`.padStart(12)}   x${(againstBare ? x / y : y / x).toFixed(2)}`;
  console.log(`  ${"".padEnd(36)} ${a!.padStart(12)} ${b!.padStart(12)}   ${ratio}`);
  const cpu = (run: Compared) => run.cpuPerJoin?.total ?? Number.NaN;
  const path = (run: Compared) => run.joinPathCpu?.total ?? Number.NaN;
  console.log(row("server CPU per join, join path", path(one), path(other), "ms", 2));
  if (one.joinPathSettled + other.joinPathSettled > 0)
    console.log("    (rounds settled before the last ack: not the join path alone)");
  console.log(row("server CPU per round", cpu(one), cpu(other), "ms", 2));
  console.log(row("rounds per second", one.roundsPerSecond, other.roundsPerSecond, "/s"));
  console.log(row("join ack p50", one.joinP50, other.joinP50, "ms"));
  console.log(row("join ack p99", one.joinP99, other.joinP99, "ms"));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
