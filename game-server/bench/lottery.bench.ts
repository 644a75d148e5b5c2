import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { CommandHandler, createPgPool, Ledger } from "@igp/ledger";
import { freePort } from "@igp/test-support/global-setup.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { approvedBankDeposit, ctx } from "@igp/test-support/ledger.ts";
import { spawnServer, waitForHealth } from "@igp/test-support/server-process.ts";
import { hashPassword } from "../src/accounts/passwords.ts";
import { Sessions } from "../src/accounts/sessions.ts";
import { createTokens } from "../src/accounts/tokens.ts";
import { UsersRepository } from "../src/accounts/users-repository.ts";
import { withDatabase } from "../src/database/create-database.ts";
import { EMBEDDED_DATABASE } from "../src/database/database.ts";
import { runningEmbeddedPostgres } from "../src/database/embedded-postgres.ts";
import { createEventStore } from "../src/database/event-store.ts";
import { call, runAudit, signIn } from "./bench-api.ts";
import { keepAliveBuyers } from "./keep-alive-buyers.ts";
import { inBatches, quantile } from "./measure.ts";
import { cpuMeter, postmasterPidIn } from "./process-stats.ts";

/**
 * `npm run bench:lottery`: many players buying tickets of one lottery at once, as near its out
 * date, while WATCHERS watch its room. Starts one game server process on a fresh embedded
 * database, seeds BUYERS funded players straight into it, creates a lottery over HTTP, then each
 * buyer buys tickets back to back over HTTP (one request in flight per buyer): SECONDS with
 * nobody watching (the baseline), then WATCHERS anonymous SDK clients (a worker thread) join the
 * lottery's room and the buyers buy SECONDS more. Prints tickets per second and the purchase
 * latency (p50, p99) of both, and the room's broadcast cost: bytes the watchers received and
 * server CPU per ticket sold (beyond the baseline's); checks every ticket number is unique and
 * that the watchers' ticketsSold caught up; counts the commits its debits and tickets took;
 * draws the lottery through its room (every watcher should see the countdown, each winner and
 * the result); then, for each size in REFUND_TICKETS, sells a lottery that many tickets and
 * deletes it, timing the refunds; runs `npm run audit`. Prints figures,
 * asserts no time; exits 1 when a stage fails or the audit is not clean. Settings (environment
 * or `--name=value`):
 *   BUYERS=200  SECONDS=10  WARMUP_SECONDS=2  WATCHERS=2000  REFUND_TICKETS=10000,30000 (0: none)
 *   DECODING_WATCHERS=20 (of the watchers, SDK clients decoding the state; the rest lean:
 *   real WebSockets in the room that decode nothing, lottery-watchers.ts; =WATCHERS: all SDK)
 *   KEEP_DB=1 (keep the data directory)
 * `--profile DIR`: the server runs under `node --cpu-prof` and writes its profile to DIR when it
 * stops; the stages print their time since the server started (the profile's clock), so
 * `node game-server/bench/probes/profile-summary.mjs <profile> <fromMs> <toMs>` can take the
 * phase alone or the phase with watchers.
 */
const flags = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => {
      const [name = "", value = "1"] = arg.slice(2).split("=");
      return [name.toUpperCase().replaceAll("-", "_"), value];
    }),
);
const setting = (name: string, fallback: number) =>
  Number(flags[name] ?? process.env[name] ?? fallback);
const BUYERS = setting("BUYERS", 200);
const SECONDS = setting("SECONDS", 10);
const WARMUP_SECONDS = setting("WARMUP_SECONDS", 2);
const WATCHERS = setting("WATCHERS", 2000);
/** Watchers that decode the state (the check that ticketsSold caught up); the rest are lean. */
const DECODING_WATCHERS = Math.min(WATCHERS, setting("DECODING_WATCHERS", 20));
const profileFlag = process.argv.indexOf("--profile");
const PROFILE_DIR = profileFlag >= 0 ? path.resolve(process.argv[profileFlag + 1]!) : null;
const KEEP = (flags.KEEP_DB ?? process.env.KEEP_DB) === "1";
const REFUND_TICKETS = String(flags.REFUND_TICKETS ?? process.env.REFUND_TICKETS ?? "10000,30000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const TICKET_PRICE = 1;
const DEPOSIT_MINOR = 10_000_00;

/** When the server process was started: the stages' times match its CPU profile's. */
let serverStartedAt = performance.now();
const stage = (text: string) =>
  console.log(
    PROFILE_DIR
      ? `- [${(performance.now() - serverStartedAt).toFixed(0)} ms] ${text}`
      : `- ${text}`,
  );
const cores = availableParallelism();

async function main(): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "igp-bench-lottery-"));
  const jwtSecret = randomBytes(48).toString("base64url");
  const admin = { email: "bench-root@example.com", password: randomBytes(12).toString("hex") };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    JWT_SECRET: jwtSecret,
    SUPERADMIN_EMAIL: admin.email,
    SUPERADMIN_PASSWORD: admin.password,
    // The benchmark signs its superAdmin in with a password alone.
    TWO_FACTOR_STAFF: "off",
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    // Each buyer buys far more than a person would in a minute: lift the per-player limit.
    RATE_LIMIT_TICKETS: "1000000",
    // The drawing at the end, watched by everyone: a short notice and reveal.
    GAME_START_NOTICE_MS: "1000",
    LOTTERY_REVEAL_EVERY_MS: "300",
  };
  delete env.DATABASE_URL;
  console.log(
    `Lottery benchmark: ${BUYERS} buyers on one lottery, ${SECONDS} s alone then ${SECONDS} s with ${WATCHERS} watchers (after ${WARMUP_SECONDS} s warm-up)`,
  );
  if (PROFILE_DIR)
    process.env.SERVER_NODE_OPTIONS =
      `${process.env.SERVER_NODE_OPTIONS ?? ""} --cpu-prof --cpu-prof-dir=${PROFILE_DIR}`.trim();
  serverStartedAt = performance.now();
  const server = spawnServer(env);
  let failed = false;
  try {
    await waitForHealth(server, url, 120_000);
    stage(`server pid ${server.pid} up on ${url}`);
    const postgresDir = path.join(dataDir, "postgres");
    const databaseUrl = withDatabase(
      (await runningEmbeddedPostgres(postgresDir))!,
      EMBEDDED_DATABASE,
    );
    const buyers = await seedBuyers(databaseUrl, jwtSecret);
    stage(`seeded ${buyers.length} buyers with ${DEPOSIT_MINOR / 100} ETB each`);
    const adminToken = await signIn(url, admin.email, admin.password);
    const lottery = await createLottery(url, adminToken);
    stage(`lottery ${lottery.code} created (ticket ${TICKET_PRICE} ETB)`);

    const client = keepAliveBuyers(url, BUYERS);
    const numbers: number[] = [];
    const refusals = new Map<string, number>();
    const buyFor = async (
      seconds: number,
      record: boolean,
      code = lottery.code,
      most = Infinity,
    ) => {
      const latencies: number[] = [];
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      let sent = 0;
      await Promise.all(
        buyers.map(async (token) => {
          const purchase = client.purchaseFor(token, code);
          while (performance.now() < deadline && sent++ < most) {
            const sentAt = performance.now();
            const bought = await purchase();
            if (bought.status === 201) numbers.push(bought.number!);
            else {
              const reason = `${bought.status} ${bought.message}`;
              refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
            }
            if (record) latencies.push(performance.now() - sentAt);
          }
        }),
      );
      return {
        latencies: latencies.sort((a, b) => a - b),
        elapsed: (performance.now() - started) / 1000,
      };
    };
    await buyFor(WARMUP_SECONDS, false);
    const warm = numbers.length;
    const cpuMeterFor = async () =>
      cpuMeter([server.pid], { postmasterPid: await postmasterPidIn(postgresDir) });
    // Nobody watching: the baseline.
    let before = numbers.length;
    // A ticket's cost may grow with the tickets the round holds already: printed with the figures.
    const heldAlone = numbers.length;
    const commitsBefore = await ticketCommits(databaseUrl, url, lottery.code);
    let cpu = await cpuMeterFor();
    stage(`buying alone for ${SECONDS} s`);
    const alone = await buyFor(SECONDS, true);
    const aloneUsed = await cpu.read();
    stage("bought alone");
    const aloneSold = numbers.length - before;
    const commits = (await ticketCommits(databaseUrl, url, lottery.code)) - commitsBefore;

    const watchers = await startWatchers(url, lottery.code);
    stage(`${watchers.connected} watchers in the room (${watchers.failed} failed to join)`);
    if (watchers.connected < WATCHERS) failed = true;
    await watchers.ask("reset");
    before = numbers.length;
    const heldWatched = numbers.length;
    cpu = await cpuMeterFor();
    stage(`buying watched for ${SECONDS} s`);
    const watched = await buyFor(SECONDS, true);
    const watchedUsed = await cpu.read();
    stage("bought watched");
    const watchedSold = numbers.length - before;
    // The last patch goes out within a quarter second.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const received = await watchers.ask("read");
    stage(`bought ${numbers.length} tickets (${warm} during warm-up)`);
    const unique = new Set(numbers).size;
    if (unique !== numbers.length) {
      failed = true;
      console.log(`  FAILED: ${numbers.length - unique} ticket numbers given twice`);
    }
    if (received.soldMin !== numbers.length) {
      failed = true;
      console.log(
        `  FAILED: watchers see ${received.soldMin}..${received.soldMax} tickets sold, not ${numbers.length}`,
      );
    }
    for (const [reason, times] of refusals) console.log(`  refused ${times}x: ${reason}`);
    if (refusals.size > 0) failed = true;

    const drawStarted = performance.now();
    const drawn = await call(url, "POST", "/api/games/lottery/finish", adminToken, {
      code: lottery.code,
    });
    const drawSeconds = (performance.now() - drawStarted) / 1000;
    // The deletions below sell more tickets of other lotteries: the drawing's are these.
    const drawnAmong = numbers.length;
    if (drawn.status !== 200) {
      failed = true;
      console.log(`  FAILED: drawing ${drawn.status} ${JSON.stringify(drawn.body)}`);
    }
    stage(`drawn in ${drawSeconds.toFixed(2)} s among ${numbers.length} tickets`);
    // The reveal: 5 winners, 300 ms apart; every watcher should see it all (30 s at most).
    let saw = (await watchers.ask("read")).seen;
    for (let waited = 0; saw.drawn + saw.drops < watchers.connected && waited < 30; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      saw = (await watchers.ask("read")).seen;
    }
    stage(
      `watchers saw drawingSoon ${saw.drawingSoon}, winners ${saw.winners} (5 each), drawn ${saw.drawn}; ${saw.drops} dropped`,
    );
    if (saw.drawn !== watchers.connected || saw.winners !== 5 * watchers.connected) failed = true;
    await watchers.close();
    const batching = await roundAppends(url, databaseUrl, lottery.code);
    const refunds: { tickets: number; seconds: number; commits: number }[] = [];
    for (const size of REFUND_TICKETS) {
      const doomed = await createLottery(url, adminToken);
      const sales = numbers.length;
      await buyFor(3_600, false, doomed.code, size);
      const before = await transactionsNow(databaseUrl);
      const started = performance.now();
      const deleted = await call(url, "DELETE", `/api/games/${doomed.id}`, adminToken);
      const seconds = (performance.now() - started) / 1000;
      if (deleted.status !== 200) {
        failed = true;
        console.log(`  FAILED: deletion ${deleted.status} ${JSON.stringify(deleted.body)}`);
      }
      const commits = (await transactionsNow(databaseUrl)) - before;
      refunds.push({ tickets: numbers.length - sales, seconds, commits });
      stage(`deleted a lottery of ${numbers.length - sales} tickets in ${seconds.toFixed(2)} s`);
    }
    client.close();
    const audit = await runAudit(env);
    const at = (latencies: number[], q: number) =>
      latencies.length ? quantile(latencies, q).toFixed(1) : "0";
    const perSecond = (sold: number, elapsed: number) => (sold / elapsed).toFixed(0);
    console.log("\nFigures                                    alone     with watchers");
    console.log(`  buyers (one request in flight each)  ${BUYERS}`);
    console.log(
      `  watchers in the lottery's room       0         ${watchers.connected} (${received.seen.drops} dropped while buying)`,
    );
    console.log(`  tickets held at the start            ${heldAlone}      ${heldWatched}`);
    console.log(`  tickets sold in ${SECONDS} s            ${aloneSold}      ${watchedSold}`);
    console.log(
      `  tickets per second                   ${perSecond(aloneSold, alone.elapsed)}      ${perSecond(watchedSold, watched.elapsed)}`,
    );
    console.log(
      `  purchase latency p50                 ${at(alone.latencies, 0.5)} ms   ${at(watched.latencies, 0.5)} ms`,
    );
    console.log(
      `  purchase latency p99                 ${at(alone.latencies, 0.99)} ms   ${at(watched.latencies, 0.99)} ms`,
    );
    const cpuMsPerTicket = (seconds: number, sold: number) => (1000 * seconds) / Math.max(1, sold);
    const aloneCpu = cpuMsPerTicket(aloneUsed.server, aloneSold);
    const watchedCpu = cpuMsPerTicket(watchedUsed.server, watchedSold);
    // CPU per ticket sold, each process apart: a loaded machine stretches time, barely CPU.
    const perTicket = (part: "server" | "postgres" | "bench") =>
      `${cpuMsPerTicket(aloneUsed[part], aloneSold).toFixed(3)} ms  ${cpuMsPerTicket(watchedUsed[part], watchedSold).toFixed(3)} ms`;
    console.log(`  server CPU per ticket                ${perTicket("server")}`);
    console.log(`  PostgreSQL CPU per ticket            ${perTicket("postgres")}`);
    console.log(
      `  bench client CPU per ticket          ${perTicket("bench")} (buyers; watchers too)`,
    );
    console.log("  the room's broadcast cost, per ticket sold (with watchers)");
    console.log(
      `    bytes to all watchers              ${(received.bytes / Math.max(1, watchedSold)).toFixed(0)} B (${(received.bytes / 1e6).toFixed(2)} MB in ${received.frames} frames)`,
    );
    console.log(
      `    bytes per watcher per second       ${(received.bytes / Math.max(1, watchers.connected) / watched.elapsed).toFixed(0)} B`,
    );
    const perSecondBeyond =
      (1000 * watchedUsed.server) / watched.elapsed - (1000 * aloneUsed.server) / alone.elapsed;
    console.log(
      `    server CPU beyond the baseline     ${(watchedCpu - aloneCpu).toFixed(3)} ms (${perSecondBeyond.toFixed(0)} ms per second)`,
    );
    console.log(`  drawing (${drawnAmong} tickets)           ${drawSeconds.toFixed(2)} s`);
    console.log(
      `  round stream: ${batching.stakes} stakes in ${batching.appends} appends (${(batching.stakes / Math.max(1, batching.appends)).toFixed(1)} per append)`,
    );
    console.log(
      `  commits per ticket (debits, tickets)  ${(commits / Math.max(1, aloneSold)).toFixed(3)} (alone)`,
    );
    for (const r of refunds)
      console.log(
        `  deletion of ${r.tickets} tickets       ${r.seconds.toFixed(2)} s (${r.commits} commits)`,
      );
    const share = (seconds: number) =>
      `${((100 * seconds) / watched.elapsed).toFixed(0)}% of a core`;
    console.log(`  CPU with watchers: server         ${share(watchedUsed.server)}`);
    console.log(`                     PostgreSQL     ${share(watchedUsed.postgres)}`);
    console.log(
      `                     this benchmark ${share(watchedUsed.bench)} (watchers included)`,
    );
    console.log(
      `                     machine        ${(100 * watchedUsed.machine).toFixed(0)}% busy (${cores} cores)`,
    );
    console.log(
      `  load average (1 min) at the end      ${loadavg()[0]!.toFixed(1)} (${cores} cores)`,
    );
    console.log(`  audit                                ${audit.verdict}`);
    return failed || audit.code !== 0 ? 1 : 0;
  } finally {
    await stopServer(server.child);
    if (PROFILE_DIR) console.log(`  server profile in ${PROFILE_DIR}`);
    if (!KEEP) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    else console.log(`  kept: ${dataDir}`);
  }
}

/** What the watchers' thread answers (lottery-watchers.ts), each answer its own fields. */
interface WatchersAnswer {
  type: string;
  connected: number;
  failed: number;
  bytes: number;
  frames: number;
  open: number;
  soldMin: number;
  soldMax: number;
  seen: { drawingSoon: number; winners: number; drawn: number; drops: number };
}

/** The watchers' worker thread: joins WATCHERS clients, then answers `reset`, `read`, `close`. */
async function startWatchers(url: string, code: string) {
  const worker = new Worker(new URL("./lottery-watchers.ts", import.meta.url), {
    workerData: { url, code, count: WATCHERS, decoding: DECODING_WATCHERS, concurrency: 50 },
  });
  const next = (type: string) =>
    new Promise<WatchersAnswer>((resolve, reject) => {
      const listen = (message: WatchersAnswer) => {
        if (message.type !== type) return;
        worker.off("message", listen);
        resolve(message);
      };
      worker.on("message", listen);
      worker.once("error", reject);
    });
  const { connected, failed } = await next("connected");
  return {
    connected,
    failed,
    async ask(command: "reset" | "read") {
      const answer = next(command);
      worker.postMessage(command);
      return answer;
    },
    async close() {
      const closed = next("closed");
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}

/** SIGTERM (the server stops cleanly, writing a profile if asked), SIGKILL after 15 s. */
async function stopServer(child: import("node:child_process").ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** BUYERS players with one shared argon2 hash, each funded by an approved bank deposit. */
async function seedBuyers(databaseUrl: string, jwtSecret: string): Promise<string[]> {
  const pool = createPgPool(databaseUrl, 10);
  const store = createEventStore({ EVENT_STORE: "postgres", KURRENTDB_URL: undefined }, pool);
  const ledger = new Ledger(new CommandHandler(store));
  const users = new UsersRepository(pool);
  const sessions = new Sessions(pool, createTokens(jwtSecret));
  const passwordHash = await hashPassword("bench-password-1");
  const buyers: string[] = [];
  try {
    await inBatches(
      Array.from({ length: BUYERS }, (_, i) => i),
      8,
      async (index) => {
        const user = await users.create({
          fullName: `Lottery Buyer ${index + 1}`,
          phone: `09${String(index).padStart(8, "0")}`,
          passwordHash,
          role: "user",
        });
        if (!user) throw new Error(`user ${index} exists already`);
        await approvedBankDeposit(ledger, user.id, DEPOSIT_MINOR);
        // As registration does: the server refuses stakes of players who have not confirmed.
        await ledger.saferPlay.confirmAge(user.id, 18, ctx("user", user.id));
        buyers[index] = (await sessions.start(user, { userAgent: "bench", address: "" })).token;
      },
    );
  } finally {
    await store.close();
    await pool.end();
  }
  return buyers;
}

async function createLottery(url: string, token: string) {
  const body = form(
    {
      type: "lottery",
      betAmount: TICKET_PRICE,
      title: "Benchmark Lottery",
      winAmount: 1000,
      outDate: new Date(Date.now() + 3_600_000).toISOString(),
      prizes: "500, 200, 100, Phone",
    },
    { field: "bannerImage", bytes: await pngImage() },
  );
  const response = await fetch(`${url}/api/games/lottery/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const created = (await response.json()) as { code: string; id: number };
  if (response.status !== 201) throw new Error(`lottery: ${JSON.stringify(created)}`);
  return created;
}

/** Commits (transactions) so far that stored the lottery's tickets or their buyers' debits. */
async function ticketCommits(databaseUrl: string, url: string, code: string) {
  const fair = await call(url, "GET", `/api/game/lottery/fair/${code}`, undefined);
  const roundId = fair.body.roundId as string;
  const pool = createPgPool(databaseUrl, 1);
  try {
    const { rows } = await pool.query(
      `SELECT count(DISTINCT transaction_id)::int AS n FROM ledger_events
        WHERE (stream_id = $1 AND type = 'StakeReceived')
           OR (type = 'StakePlaced' AND data->>'roundId' = $2)`,
      [`round-${roundId}`, roundId],
    );
    return Number(rows[0].n);
  } finally {
    await pool.end();
  }
}

/** Commits (transactions) in the ledger so far. */
async function transactionsNow(databaseUrl: string) {
  const pool = createPgPool(databaseUrl, 1);
  try {
    const { rows } = await pool.query(
      "SELECT count(DISTINCT transaction_id)::int AS n FROM ledger_events",
    );
    return Number(rows[0].n);
  } finally {
    await pool.end();
  }
}

/** How the lottery's round stream was written: stakes received, and the appends that stored them. */
async function roundAppends(url: string, databaseUrl: string, code: string) {
  const fair = await call(url, "GET", `/api/game/lottery/fair/${code}`, undefined);
  const pool = createPgPool(databaseUrl, 1);
  try {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS stakes, count(DISTINCT transaction_id)::int AS appends
       FROM ledger_events WHERE stream_id = $1 AND type = 'StakeReceived'`,
      [`round-${fair.body.roundId}`],
    );
    return rows[0] as { stakes: number; appends: number };
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
