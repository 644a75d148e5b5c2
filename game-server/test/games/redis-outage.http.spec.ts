import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { CommandHandler, createPgPool, createPostgresEventStore, Ledger } from "@igp/ledger";
import {
  auditDatabase,
  type ClusterNode,
  clusterEnv,
  startNode,
} from "@igp/test-support/cluster.ts";
import { createTestDatabase } from "@igp/test-support/database.ts";
import { balancesOf, nextMessage, seed } from "@igp/test-support/games.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { redisMissing, startRedis, type TestRedis } from "@igp/test-support/redis.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "../../src/database/unavailable.ts";

/**
 * A Redis outage under two processes (issue 33): a real redis-server hangs for a while, then is
 * stopped for longer than any answer may take, and started again on the same port and data. While it is away, what
 * needs it (opening a round, reaching a room of the other process, matchmaking) is answered
 * 503 at once with nothing changed, and what does not (balances, a join in a room of the same
 * process, the round's draw) goes on; no Redis client's error goes unhandled; when it is back
 * both processes play across each other again without a restart.
 */
/** Longer than the servers' 2 s Redis timeout can explain, short of waiting for Redis. */
const NO_WAIT_MS = 15_000;

describe.skipIf(redisMissing)(`a Redis outage (${redisMissing ?? "redis-server"})`, () => {
  let redisDir: string;
  let redis: TestRedis;
  let databaseUrl: string;
  let a: ClusterNode;
  let b: ClusterNode;
  let pool: ReturnType<typeof createPgPool>;
  let ledger: Ledger;
  const extra = { GAME_START_NOTICE_MS: "1000", REDIS_TIMEOUT_MS: "2000" };
  const dataDirs: string[] = [];

  beforeAll(async () => {
    redisDir = await mkdtemp(path.join(tmpdir(), "igp-redis-outage-"));
    redis = await startRedis({ dir: redisDir });
    databaseUrl = await createTestDatabase();
    const envs = [
      await clusterEnv(databaseUrl, redis.url, extra),
      await clusterEnv(databaseUrl, redis.url, extra),
    ];
    dataDirs.push(...envs.map((env) => env.DATA_DIR!));
    a = await startNode("A", envs[0]!);
    b = await startNode("B", envs[1]!);
    pool = createPgPool(databaseUrl, 4);
    ledger = new Ledger(new CommandHandler(createPostgresEventStore({ pool })));
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.server.stop(), b?.server.stop()]);
    await pool?.end();
    await redis?.stop();
    for (const dir of [redisDir, ...dataDirs])
      if (dir) await rm(dir, { recursive: true, force: true });
  });

  const funded = async (node: ClusterNode, name: string) => {
    const player = await signUpPlayer(node, name);
    await approvedBankDeposit(ledger, player.userId, 100_00);
    return player;
  };
  const createFlip = (node: ClusterNode, token: string) =>
    node.call("POST", "/api/game/private/create", {
      token,
      body: {
        gameType: "coin-flip",
        access: "private",
        betAmount: 10,
        selectedSide: "H",
        clientSeed: seed(),
      },
    });
  const joinFlip = (node: ClusterNode, token: string, code: string) =>
    node.call("POST", "/api/game/coin-flip/join", { token, body: { code, clientSeed: seed() } });
  /** The answer and how long it took. */
  const timed = async <T>(request: () => Promise<T>) => {
    const sent = performance.now();
    const answer = await request();
    return { answer, ms: Math.round(performance.now() - sent) };
  };
  const redisStatus = async (node: ClusterNode) =>
    (await node.call("GET", "/api/health")).body.redis?.status;

  it("answers 503 at once for what needs Redis, goes on with what does not, and recovers", {
    timeout: 120_000,
  }, async () => {
    const alice = await funded(a, "Alice Tadesse");
    const bob = await funded(b, "Bob Girma");
    const carol = await funded(a, "Carol Haile");
    // Before the outage: Alice's round, its room on A.
    const before = await createFlip(a, alice.token);
    expect(before.status).toBe(201);
    const code = before.body.gameCode as string;
    const watching = await a.client(alice.token).joinById(code);
    const result = nextMessage(watching, "coin", 30_000);

    // Redis hangs (stopped with SIGSTOP: connected, but answering nothing). Every command gives
    // up after REDIS_TIMEOUT_MS: the round opened meanwhile is cancelled and its stake refunded.
    redis.pause();
    const hung = await timed(() => createFlip(a, carol.token));
    expect(hung.answer.status).toBe(503);
    expect((await balancesOf(a, carol.token)).main).toBe(100);
    const hungRemote = await timed(() => joinFlip(b, bob.token, code));
    expect(hungRemote.answer.status).toBe(503);
    expect((await balancesOf(b, bob.token)).main).toBe(100);
    redis.resume();
    console.log(
      `  Redis hung: create 503 in ${hung.ms} ms (stake refunded), remote join 503 in ${hungRemote.ms} ms`,
    );
    // Answered while Redis still hung, so without it. The bound only tells the 2 s command timeout
    // from a wait with none (a busy CI machine stretches the first); the log line has the figures.
    for (const answer of [hung, hungRemote]) expect(answer.ms).toBeLessThan(NO_WAIT_MS);

    // Redis stopped: every connection knows at once.
    await redis.stop();
    const outageStarted = performance.now();
    await expect.poll(() => redisStatus(a), { timeout: 10_000 }).toBe("down");
    await expect.poll(() => redisStatus(b), { timeout: 10_000 }).toBe("down");

    // Opening a round needs Redis (its room is listed there): refused before the stake.
    const opened = await timed(() => createFlip(a, carol.token));
    expect(opened.answer.status).toBe(503);
    expect(opened.answer.body.message).toBe(DATABASE_UNAVAILABLE);
    expect((await balancesOf(a, carol.token)).main).toBe(100);
    // Alice's room is on A: B cannot reach it without Redis, and says so at once.
    const remote = await timed(() => joinFlip(b, bob.token, code));
    expect(remote.answer.status).toBe(503);
    expect((await balancesOf(b, bob.token)).main).toBe(100);
    // Matchmaking through B needs Redis too.
    const matchmaking = await timed(() =>
      b.call("POST", `/matchmake/joinById/${code}`, { token: bob.token, body: {} }),
    );
    expect(matchmaking.answer.status).toBe(503);
    // Balances need no Redis.
    const balance = await timed(() => b.call("GET", "/api/login/user", { token: bob.token }));
    expect(balance.answer.status).toBe(200);
    // A join through A, where the room runs, needs no Redis: the round is played and drawn.
    const local = await timed(() => joinFlip(a, bob.token, code));
    expect(local.answer.status).toBe(200);
    const coin = await result;
    const aliceWon = coin.winner === alice.userId;
    expect((await balancesOf(a, alice.token)).main).toBe(aliceWon ? 108 : 90);
    expect((await balancesOf(a, bob.token)).main).toBe(aliceWon ? 90 : 108);
    await watching.leave();

    // Every answer above came while Redis was still away (none waited for it to return).
    const outageSoFar = performance.now() - outageStarted;
    console.log(
      `  Redis away ${Math.round(outageSoFar)} ms so far: create 503 in ${opened.ms} ms, remote join 503 in ${remote.ms} ms, matchmaking 503 in ${matchmaking.ms} ms, balance 200 in ${balance.ms} ms, local join 200 in ${local.ms} ms`,
    );
    for (const answer of [opened, remote, matchmaking, balance, local])
      expect(answer.ms).toBeLessThan(NO_WAIT_MS);
    expect(await redisStatus(a)).toBe("down");
    expect(a.server.child.exitCode).toBeNull();
    expect(b.server.child.exitCode).toBeNull();

    // Redis back on the same port and data: both processes reconnect by themselves.
    redis = await startRedis({ port: redis.port, dir: redisDir });
    const back = performance.now();
    await expect.poll(() => redisStatus(a), { timeout: 20_000 }).toBe("up");
    await expect.poll(() => redisStatus(b), { timeout: 20_000 }).toBe("up");
    console.log(
      `  both processes had Redis again ${Math.round(performance.now() - back)} ms after it restarted`,
    );
    const again = await createFlip(a, carol.token);
    expect(again.status).toBe(201);
    const crossed = await joinFlip(b, bob.token, again.body.gameCode);
    expect(crossed.status).toBe(200);

    // No Redis client was left without an error handler; the outage was logged, once each way.
    for (const node of [a, b]) {
      const logs = node.server.logLines.join("\n");
      expect(logs).not.toContain("Unhandled error event");
      expect(logs).toContain("Redis unreachable");
    }
    expect(a.server.logLines.join("\n")).toContain("Redis connection restored");

    await Promise.all([a.server.stop(), b.server.stop()]);
    const audit = auditDatabase(databaseUrl);
    expect(audit.stdout).toContain("verdict          OK");
  });
});
