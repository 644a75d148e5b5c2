import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CommandHandler, createPgPool, Ledger } from "@igp/ledger";
import { freePort } from "@igp/test-support/global-setup.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
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
import { inBatches, quantile } from "./measure.ts";
import { cpuMeter, postmasterPidIn } from "./process-stats.ts";

/**
 * `npm run bench:lottery`: many players buying tickets of one lottery at once, as near its out
 * date. Starts one game server process on a fresh embedded database, seeds BUYERS funded players
 * straight into it, creates a lottery over HTTP, then each buyer buys tickets back to back over
 * HTTP (one request in flight per buyer) for SECONDS; prints tickets per second and the purchase
 * latency (p50, p99); checks every ticket number is unique; draws the lottery; runs
 * `npm run audit`. Prints figures, asserts no time; exits 1 when a stage fails or the audit is
 * not clean. Settings (environment or `--name=value`):
 *   BUYERS=200  SECONDS=10  WARMUP_SECONDS=2  KEEP_DB=1 (keep the data directory)
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
const KEEP = (flags.KEEP_DB ?? process.env.KEEP_DB) === "1";
const TICKET_PRICE = 1;
const DEPOSIT_MINOR = 10_000_00;

const stage = (text: string) => console.log(`- ${text}`);
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
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    // Each buyer buys far more than a person would in a minute: lift the per-player limit.
    RATE_LIMIT_TICKETS: "1000000",
  };
  delete env.DATABASE_URL;
  console.log(
    `Lottery benchmark: ${BUYERS} buyers on one lottery for ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up)`,
  );
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

    const numbers: number[] = [];
    const refusals = new Map<string, number>();
    const buyFor = async (seconds: number, record: boolean) => {
      const latencies: number[] = [];
      const deadline = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        buyers.map(async (token) => {
          while (performance.now() < deadline) {
            const sent = performance.now();
            const bought = await call(url, "POST", "/api/game/lottery/buy/ticket", token, {
              code: lottery.code,
            });
            if (bought.status === 201) numbers.push(bought.body.myLotteryNumber as number);
            else
              refusals.set(
                `${bought.status} ${bought.body.message}`,
                (refusals.get(`${bought.status} ${bought.body.message}`) ?? 0) + 1,
              );
            if (record) latencies.push(performance.now() - sent);
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
    const cpu = await cpuMeter([server.pid], { postmasterPid: await postmasterPidIn(postgresDir) });
    const { latencies, elapsed } = await buyFor(SECONDS, true);
    const used = await cpu.read();
    const sold = numbers.length - warm;
    stage(`bought ${numbers.length} tickets (${warm} during warm-up)`);
    const unique = new Set(numbers).size;
    if (unique !== numbers.length) {
      failed = true;
      console.log(`  FAILED: ${numbers.length - unique} ticket numbers given twice`);
    }
    for (const [reason, times] of refusals) console.log(`  refused ${times}x: ${reason}`);
    if (refusals.size > 0) failed = true;

    const drawStarted = performance.now();
    const drawn = await call(url, "POST", "/api/games/lottery/finish", adminToken, {
      code: lottery.code,
    });
    const drawSeconds = (performance.now() - drawStarted) / 1000;
    if (drawn.status !== 200) {
      failed = true;
      console.log(`  FAILED: drawing ${drawn.status} ${JSON.stringify(drawn.body)}`);
    }
    stage(`drawn in ${drawSeconds.toFixed(2)} s among ${numbers.length} tickets`);
    const batching = await roundAppends(url, databaseUrl, lottery.code);
    const audit = await runAudit(env);
    const at = (q: number) => (latencies.length ? quantile(latencies, q) : 0);
    console.log("\nFigures");
    console.log(`  buyers (one request in flight each)  ${BUYERS}`);
    console.log(`  tickets sold in ${SECONDS} s            ${sold}`);
    console.log(`  tickets per second                   ${(sold / elapsed).toFixed(0)}`);
    console.log(`  purchase latency p50                 ${at(0.5).toFixed(1)} ms`);
    console.log(`  purchase latency p99                 ${at(0.99).toFixed(1)} ms`);
    console.log(`  drawing (${numbers.length} tickets)           ${drawSeconds.toFixed(2)} s`);
    console.log(
      `  round stream: ${batching.stakes} stakes in ${batching.appends} appends (${(batching.stakes / Math.max(1, batching.appends)).toFixed(1)} per append)`,
    );
    const share = (seconds: number) => `${((100 * seconds) / elapsed).toFixed(0)}% of a core`;
    console.log(`  CPU while buying: server          ${share(used.server)}`);
    console.log(`                    PostgreSQL      ${share(used.postgres)}`);
    console.log(`                    this benchmark  ${share(used.bench)}`);
    console.log(
      `                    machine         ${(100 * used.machine).toFixed(0)}% busy (${cores} cores)`,
    );
    console.log(`  audit                                ${audit.verdict}`);
    return failed || audit.code !== 0 ? 1 : 0;
  } finally {
    await stopServer(server.child);
    if (!KEEP) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    else console.log(`  kept: ${dataDir}`);
  }
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
  const created = (await response.json()) as { code: string };
  if (response.status !== 201) throw new Error(`lottery: ${JSON.stringify(created)}`);
  return created;
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
