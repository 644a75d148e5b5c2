import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client, type Room } from "@colyseus/sdk";
import { ROOMS } from "@igp/shared";
import { freePort } from "@igp/test-support/global-setup.ts";
import {
  type ChildServer,
  sleep,
  spawnServer,
  waitForHealth,
} from "@igp/test-support/server-process.ts";
import { withDatabase } from "../src/database/create-database.ts";
import { EMBEDDED_DATABASE } from "../src/database/database.ts";
import { runningEmbeddedPostgres } from "../src/database/embedded-postgres.ts";
import { call, runAudit, signIn } from "./bench-api.ts";
import { type SeededPlayer, seedPlayers } from "./bench-players.ts";
import { growth, summarizeSnapshot, totalBytes } from "./heap-snapshots.ts";
import { quantile } from "./measure.ts";
import { rssOf } from "./process-stats.ts";

/**
 * `npm run bench:soak`: one server process (as `npm start` runs it, on its embedded PostgreSQL)
 * under steady mixed load for a long time, to tell a leak from a heap that levels off. PAIRS
 * pairs of players each play a round every ROUND_EVERY_S seconds on a table of their own (coin
 * flips and spin wheels, alternately created by one and joined by the other, both watching it
 * in its room), read their balance, history and lobby after it, and now and then reopen their
 * own channel; LOBBY_WATCHERS players keep the lobby open. Every minute it prints the server's
 * RSS, heap used (the lowest seen that minute, i.e. after collections), event-loop lag p99 and
 * the requests' p99; at the end the slopes after the warm-up, and with SNAPSHOTS=1 what grew
 * between a heap snapshot at the end of the warm-up and one at the end. Then the audit.
 * Settings (environment or flags, `npm run bench:soak -- --minutes=15`):
 *   MINUTES=120  WARMUP_MINUTES=10  PAIRS=50  ROUND_EVERY_S=20  LOBBY_WATCHERS=10
 *   START_NOTICE_MS=1000 (the server's GAME_START_NOTICE_MS)  SNAPSHOTS=1 (0: none)
 * Exits 1 when rounds fail or the audit is not clean; the heap target (slope under
 * 0.1 MB/min after the warm-up) is reported, not enforced.
 */
const flags = Object.fromEntries(
  process.argv.slice(2).flatMap((arg) => {
    if (!arg.startsWith("--")) return [];
    const [name = "", value = "1"] = arg.slice(2).split("=");
    return [[name.toUpperCase().replaceAll("-", "_"), value]];
  }),
);
const number = (name: string, fallback: number) => {
  const value = Number(flags[name] ?? process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};

const MINUTES = number("MINUTES", 120);
const WARMUP_MINUTES = number("WARMUP_MINUTES", 10);
const PAIRS = number("PAIRS", 50);
const ROUND_EVERY_MS = number("ROUND_EVERY_S", 20) * 1000;
const LOBBY_WATCHERS = number("LOBBY_WATCHERS", 10);
const START_NOTICE_MS = number("START_NOTICE_MS", 1000);
const SNAPSHOTS = number("SNAPSHOTS", 1) === 1;
const TARGET_MB_PER_MIN = 0.1;
const SAMPLE_EVERY_MS = 5_000;
const RESULT_TIMEOUT_MS = 30_000;
const MB = 1024 * 1024;

type Game = "coin-flip" | "spin-wheel";
const SEATS = {
  "coin-flip": { create: { selectedSide: "H" }, join: {}, result: "coin" },
  "spin-wheel": {
    create: { selectedNumbers: [1, 2, 3] },
    join: { selectedNumbers: [4, 5, 6] },
    result: "spin",
  },
} as const;

interface Player extends SeededPlayer {
  client: Client;
  channel?: Room;
}

/** What happened during the current minute; reset when it is printed. */
const minute = {
  latencies: [] as number[],
  results: [] as number[],
  rounds: 0,
  errors: 0,
  heapMin: Number.POSITIVE_INFINITY,
  heapMax: 0,
  lagP99: 0,
  rss: 0,
};
const errorSamples: string[] = [];
let totalRounds = 0;
let totalErrors = 0;

function failed(what: string) {
  minute.errors++;
  totalErrors++;
  if (errorSamples.length < 10) errorSamples.push(what);
}

/** One request, timed into the minute's latencies; a status other than `expected` is an error. */
async function timed(
  url: string,
  method: string,
  route: string,
  token: string,
  body?: unknown,
  expected = 200,
) {
  const sent = performance.now();
  const answer = await call(url, method, route, token, body);
  minute.latencies.push(performance.now() - sent);
  if (answer.status !== expected)
    failed(`${method} ${route} ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
  return answer;
}

const clientSeed = () => randomUUID().replaceAll("-", "");

function nextMessage(room: Room, type: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type}`)), RESULT_TIMEOUT_MS);
    room.onMessage(type, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** One round on the pair's table: opened by one, watched by both, joined by the other. */
async function playRound(url: string, game: Game, table: number, creator: Player, joiner: Player) {
  const created = await timed(
    url,
    "POST",
    `/api/game/${game}/create`,
    creator.token,
    { instantId: table, ...SEATS[game].create, clientSeed: clientSeed() },
    201,
  );
  if (created.status !== 201) return;
  const code = created.body.gameCode!;
  const rooms: Room[] = [];
  try {
    for (const player of [creator, joiner]) {
      const room = await player.client.joinById(code);
      room.onMessage("*", () => {});
      rooms.push(room);
    }
    const results = Promise.all(rooms.map((room) => nextMessage(room, SEATS[game].result)));
    results.catch(() => {}); // awaited below unless the join is refused
    const sent = performance.now();
    const joined = await timed(url, "POST", `/api/game/${game}/join`, joiner.token, {
      code,
      ...SEATS[game].join,
      clientSeed: clientSeed(),
    });
    if (joined.status !== 200) return;
    await results;
    minute.results.push(performance.now() - sent);
    minute.rounds++;
    totalRounds++;
  } catch (error) {
    failed(`round ${code}: ${String(error)}`);
  } finally {
    await Promise.all(rooms.map((room) => room.leave().catch(() => {})));
  }
}

/** What a player looks at after a round: its balance, its history, the lobby. */
async function readAfterRound(url: string, game: Game, player: Player) {
  await timed(url, "GET", "/api/login/user", player.token);
  await timed(url, "GET", "/api/game/history?page=1", player.token);
  await timed(url, "GET", `/api/instant/game/${game}/lobby`, player.token);
}

async function openChannel(player: Player) {
  player.channel = await player.client.joinOrCreate(ROOMS.player, { userId: player.userId });
  player.channel.onMessage("*", () => {});
}

/** A pair's loop until `stopAt`: a round every ROUND_EVERY_MS (± a fifth, spread out). */
async function playPair(
  url: string,
  pair: number,
  table: number,
  players: [Player, Player],
  stopAt: number,
) {
  const game: Game = pair % 2 === 0 ? "coin-flip" : "spin-wheel";
  await sleep(Math.random() * ROUND_EVERY_MS);
  for (let round = 0; performance.now() < stopAt; round++) {
    const started = performance.now();
    const [creator, joiner] = round % 2 === 0 ? players : [players[1], players[0]];
    try {
      await playRound(url, game, table, creator, joiner);
      await readAfterRound(url, game, creator);
      if (round % 10 === 9) {
        await creator.channel?.leave().catch(() => {});
        await openChannel(creator);
      }
    } catch (error) {
      failed(`pair ${pair}: ${String(error)}`);
    }
    const pause = ROUND_EVERY_MS * (0.8 + 0.4 * Math.random()) - (performance.now() - started);
    await sleep(Math.max(0, Math.min(pause, stopAt - performance.now())));
  }
}

/** The server's heap used and event-loop lag p99 (each scrape resets prom-client's lag window). */
async function scrape(url: string) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${name} `));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : Number.NaN;
  };
  return {
    heapUsed: value("nodejs_heap_size_used_bytes"),
    lagP99: value("nodejs_eventloop_lag_p99_seconds") * 1000,
  };
}

/** Least-squares slope of (x, y) points. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxy / sxx;
}

/** Asks the server for a heap snapshot (SIGUSR2) and waits until the file is written. */
async function heapSnapshot(server: ChildServer, dir: string): Promise<string> {
  const before = new Set(await readdir(dir));
  server.child.kill("SIGUSR2");
  const deadline = Date.now() + 300_000;
  let lastSize = -1;
  while (Date.now() < deadline) {
    await sleep(2_000);
    const file = (await readdir(dir)).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    if (!file) continue;
    const size = (await stat(path.join(dir, file))).size;
    if (size > 0 && size === lastSize) return path.join(dir, file);
    lastSize = size;
  }
  throw new Error("the heap snapshot was not written within 5 minutes");
}

async function main(): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "igp-bench-soak-"));
  const snapshotDir = path.join(dataDir, "snapshots");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const admin = { email: "soak-root@example.com", password: randomBytes(12).toString("hex") };
  const jwtSecret = randomBytes(48).toString("base64url");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    LOG_LEVEL: "warn",
    GAME_START_NOTICE_MS: String(START_NOTICE_MS),
    RATE_LIMIT_MONEY: "100000",
    JWT_SECRET: jwtSecret,
    SUPERADMIN_EMAIL: admin.email,
    SUPERADMIN_PASSWORD: admin.password,
    // The benchmark signs its superAdmin in with a password alone.
    TWO_FACTOR_STAFF: "off",
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (SNAPSHOTS) {
    await mkdir(snapshotDir);
    process.env.SERVER_NODE_OPTIONS =
      `${process.env.SERVER_NODE_OPTIONS ?? ""} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}`.trim();
  }
  console.log(
    `Soak: ${MINUTES} min (warm-up ${WARMUP_MINUTES}), ${PAIRS} pairs (${2 * PAIRS} players) each playing a round every ~${ROUND_EVERY_MS / 1000} s, ${LOBBY_WATCHERS} lobby watchers, start notice ${START_NOTICE_MS} ms; data under ${dataDir}`,
  );

  const server = spawnServer(env);
  // Whatever ends the benchmark ends the server (which stops its embedded PostgreSQL).
  process.once("exit", () => server.child.kill("SIGTERM"));
  const hardStop = setTimeout(
    () => {
      console.error("FAILED: the soak ran 15 minutes past its length; killing it.");
      server.child.kill("SIGKILL");
      process.exit(1);
    },
    (MINUTES + 15) * 60_000,
  );
  hardStop.unref();
  let code = 0;
  const players: Player[] = [];
  const lobbies: Room[] = [];
  const heapPoints: [number, number][] = [];
  const rssPoints: [number, number][] = [];
  const snapshots: string[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    await waitForHealth(server, url, 120_000);
    const databaseUrl = withDatabase(
      (await runningEmbeddedPostgres(path.join(dataDir, "postgres")))!,
      EMBEDDED_DATABASE,
    );
    const seeded = await seedPlayers(databaseUrl, jwtSecret, {
      count: 2 * PAIRS,
      depositMinor: 10_000_00,
      concurrency: 8,
    });
    for (const player of seeded) {
      const client = new Client(url);
      client.auth.token = player.token;
      players.push({ ...player, client });
    }
    for (const player of players) await openChannel(player);
    for (const player of players.slice(0, LOBBY_WATCHERS))
      lobbies.push(await player.client.joinOrCreate(ROOMS.lobby));
    for (const lobby of lobbies) lobby.onMessage("*", () => {});
    const adminToken = await signIn(url, admin.email, admin.password);
    const tables: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const type: Game = pair % 2 === 0 ? "coin-flip" : "spin-wheel";
      const table = await call(url, "POST", "/api/games/create", adminToken, {
        type,
        betAmount: 1,
      });
      if (table.status !== 201) throw new Error(`table: ${JSON.stringify(table.body)}`);
      tables.push(table.body.id!);
    }
    console.log(
      `- server pid ${server.pid} on ${url}; ${players.length} players seeded and connected, ${tables.length} tables\n`,
    );
    console.log(
      " min   RSS MB  heap MB (min-max)  lag p99 ms  req p99 ms  result p99 ms  rounds  errors",
    );

    const started = performance.now();
    const stopAt = started + MINUTES * 60_000;
    sampler = setInterval(() => {
      void (async () => {
        const { heapUsed, lagP99 } = await scrape(url);
        minute.heapMin = Math.min(minute.heapMin, heapUsed);
        minute.heapMax = Math.max(minute.heapMax, heapUsed);
        minute.lagP99 = Math.max(minute.lagP99, lagP99);
        minute.rss = await rssOf(server.pid);
      })().catch(() => {});
    }, SAMPLE_EVERY_MS);
    const load = Array.from({ length: PAIRS }, (_, pair) =>
      playPair(url, pair, tables[pair]!, [players[2 * pair]!, players[2 * pair + 1]!], stopAt),
    );

    for (let m = 1; m <= MINUTES; m++) {
      await sleep(Math.max(0, started + m * 60_000 - performance.now()));
      report(m, heapPoints, rssPoints);
      if (SNAPSHOTS && m === WARMUP_MINUTES && m < MINUTES)
        snapshots.push(await heapSnapshot(server, snapshotDir));
    }
    await Promise.all(load);
    if (SNAPSHOTS) snapshots.push(await heapSnapshot(server, snapshotDir));
    clearInterval(sampler);

    const after = (points: [number, number][]) => points.filter(([m]) => m > WARMUP_MINUTES);
    const heapSlope = slope(after(heapPoints));
    const rssSlope = slope(after(rssPoints));
    console.log(
      `\nAfter the first ${WARMUP_MINUTES} minutes (${after(heapPoints).length} minutes):`,
    );
    console.log(
      `  heap used slope  ${heapSlope.toFixed(3)} MB/min (target < ${TARGET_MB_PER_MIN}: ${heapSlope < TARGET_MB_PER_MIN ? "MET" : Number.isNaN(heapSlope) ? "n/a" : "MISSED"})`,
    );
    console.log(`  RSS slope        ${rssSlope.toFixed(3)} MB/min`);
    console.log(`  rounds ${totalRounds}, errors ${totalErrors}`);
    for (const sample of errorSamples) console.log(`  error: ${sample}`);
    if (snapshots.length === 2)
      await printGrowth(snapshots[0]!, snapshots[1]!, MINUTES - WARMUP_MINUTES);
    if (totalRounds === 0 || totalErrors > totalRounds / 100) code = 1;
  } catch (error) {
    console.error("\nFAILED:", error);
    for (const line of server.logLines.slice(-20)) console.error(`  [server] ${line}`);
    code = 1;
  } finally {
    clearInterval(sampler);
    await Promise.race([
      Promise.all(
        [...lobbies, ...players.map((p) => p.channel)].map((room) => room?.leave().catch(() => {})),
      ),
      sleep(10_000),
    ]);
    const exit = await server.stop();
    console.log(`- server stopped (exit code ${exit}); ${server.logLines.length} log line(s)`);
    const errors = server.logLines.filter((line) => line.includes('"level":50'));
    if (errors.length > 0)
      console.log(
        `- ${errors.length} error line(s) logged; the first:\n  ${errors[0]!.slice(0, 2_000)}`,
      );
    const audit = await runAudit({ ...env, DATABASE_URL: "" });
    console.log(`- audit: ${audit.verdict}`);
    if (audit.code !== 0) code = 1;
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    clearTimeout(hardStop);
  }
  return code;
}

/** Prints the minute just ended and keeps its heap floor and RSS for the slopes. */
function report(m: number, heapPoints: [number, number][], rssPoints: [number, number][]) {
  const p99 = (values: number[]) =>
    quantile(
      [...values].sort((a, b) => a - b),
      0.99,
    );
  const heapMin = minute.heapMin / MB;
  if (Number.isFinite(heapMin)) heapPoints.push([m, heapMin]);
  if (minute.rss > 0) rssPoints.push([m, minute.rss / MB]);
  console.log(
    [
      String(m).padStart(4),
      (minute.rss / MB).toFixed(1).padStart(8),
      `${heapMin.toFixed(1)}-${(minute.heapMax / MB).toFixed(1)}`.padStart(18),
      minute.lagP99.toFixed(1).padStart(11),
      p99(minute.latencies).toFixed(1).padStart(11),
      p99(minute.results).toFixed(0).padStart(14),
      String(minute.rounds).padStart(7),
      String(minute.errors).padStart(7),
    ].join(" "),
  );
  Object.assign(minute, {
    latencies: [],
    results: [],
    rounds: 0,
    errors: 0,
    heapMin: Number.POSITIVE_INFINITY,
    heapMax: 0,
    lagP99: 0,
  });
}

/**
 * What grew between the snapshots. A snapshot is taken after a full collection, so its total is
 * the live heap: the difference over the minutes between them is the slope without the
 * sawtooth of the samples.
 */
async function printGrowth(first: string, last: string, minutesBetween: number) {
  const before = await summarizeSnapshot(first);
  const after = await summarizeSnapshot(last);
  const [from, to] = [totalBytes(before) / MB, totalBytes(after) / MB];
  console.log(
    `\nLive heap (heap snapshots, after a full collection): ${from.toFixed(1)} MB at the end of the warm-up, ${to.toFixed(1)} MB at the end: ${((to - from) / minutesBetween).toFixed(3)} MB/min. Grew most (own bytes, objects):`,
  );
  for (const row of growth(before, after))
    console.log(
      `  ${(row.bytes / 1024).toFixed(0).padStart(8)} KB ${String(row.count).padStart(8)}  ${row.name.slice(0, 80)} (now ${(row.now.bytes / 1024).toFixed(0)} KB, ${row.now.count})`,
    );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
