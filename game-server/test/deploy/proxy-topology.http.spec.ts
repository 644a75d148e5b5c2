import { rm } from "node:fs/promises";
import { request } from "node:http";
import { Client, type Room } from "@colyseus/sdk";
import {
  CommandHandler,
  createPgPool,
  createPostgresEventStore,
  Ledger,
  roundStream,
} from "@igp/ledger";
import {
  auditDatabase,
  type ClusterNode,
  clusterEnv,
  startNode,
} from "@igp/test-support/cluster.ts";
import { createTestDatabase } from "@igp/test-support/database.ts";
import { balancesOf, nextMessage, seed } from "@igp/test-support/games.ts";
import { httpCaller, signUpPlayer } from "@igp/test-support/http.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { nginxMissing, renderSite, startNginx, type TestNginx } from "@igp/test-support/nginx.ts";
import { redisMissing, startRedis, type TestRedis } from "@igp/test-support/redis.ts";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const missing = nginxMissing ?? redisMissing;

/**
 * The production topology run for real (issue 33): Debian's nginx with the repository's own
 * deploy/nginx.conf (its port and upstreams pointed at loopback) in front of two server
 * processes on one PostgreSQL and one redis-server, each process' PUBLIC_ADDRESS a path of the
 * proxy (/p1, /p2) as in docker-compose.yml. Everything a player does goes through the proxy.
 */
describe.skipIf(missing)(`behind deploy/nginx.conf (${missing ?? "nginx, redis-server"})`, () => {
  let redis: TestRedis;
  let listings: Redis;
  let databaseUrl: string;
  let nginx: TestNginx;
  let a: ClusterNode;
  let b: ClusterNode;
  let pool: ReturnType<typeof createPgPool>;
  let ledger: Ledger;
  let store: ReturnType<typeof createPostgresEventStore>;
  const dataDirs: string[] = [];
  /** Where the site's app1 and app2 point: the two processes' ports. */
  let upstreams: { app1: string; app2: string };
  /** The proxy as a player's browser reaches it. */
  let proxy: ReturnType<typeof httpCaller>;
  const sdk = (token: string) => {
    const client = new Client(nginx.url);
    client.auth.token = token;
    return client;
  };

  beforeAll(async () => {
    redis = await startRedis();
    listings = new Redis(redis.url);
    databaseUrl = await createTestDatabase();
    const extra = {
      TRUST_PROXY: "1",
      RATE_LIMIT_LOGIN: "1",
      GAME_START_NOTICE_MS: "3000",
      ROUND_LEASE_SECONDS: "3",
    };
    const envA = await clusterEnv(databaseUrl, redis.url, extra);
    const envB = await clusterEnv(databaseUrl, redis.url, extra);
    dataDirs.push(envA.DATA_DIR!, envB.DATA_DIR!);
    upstreams = { app1: `127.0.0.1:${envA.PORT}`, app2: `127.0.0.1:${envB.PORT}` };
    nginx = await startNginx((listen) => renderSite({ listen, ...upstreams }));
    // As in docker-compose.yml: browsers reach each process' rooms through the proxy.
    envA.PUBLIC_ADDRESS = `127.0.0.1:${nginx.port}/p1`;
    envB.PUBLIC_ADDRESS = `127.0.0.1:${nginx.port}/p2`;
    a = await startNode("A", envA);
    b = await startNode("B", envB);
    proxy = httpCaller(nginx.url);
    pool = createPgPool(databaseUrl, 4);
    store = createPostgresEventStore({ pool });
    ledger = new Ledger(new CommandHandler(store));
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.server.stop(), b?.server.stop()]);
    await nginx?.stop();
    listings?.disconnect();
    await pool?.end();
    await redis?.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  /** A player registered and signed in through the proxy, with 100 on deposit. */
  const player = async (name: string) => {
    const signedIn = await signUpPlayer({ call: proxy }, name);
    await approvedBankDeposit(ledger, signedIn.userId, 100_00);
    return signedIn;
  };
  /** The proxy path of the process holding a room, from its listing in Redis. */
  const heldAt = async (code: string) => {
    const listing = JSON.parse((await listings.hget("roomcaches", code)) ?? "{}");
    return String(listing.publicAddress ?? "").replace(/^.*(\/p[12])$/, "$1");
  };
  /** Private coin flips opened through the proxy (one new creator each) until one is on `path`. */
  const roundOn = async (path: "/p1" | "/p2") => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const creator = await player(`Creator ${path} ${attempt}`);
      const created = await proxy("POST", "/api/game/private/create", {
        token: creator.token,
        body: {
          gameType: "coin-flip",
          access: "private",
          betAmount: 10,
          selectedSide: "H",
          clientSeed: seed(),
        },
      });
      expect(created.status).toBe(201);
      const code = created.body.gameCode as string;
      if ((await heldAt(code)) === path)
        return { code, roundId: created.body.game.fairness.roundId as string, creator };
    }
    throw new Error(`no round landed on ${path} in 8 attempts`);
  };
  const join = (token: string, code: string) =>
    proxy("POST", "/api/game/coin-flip/join", { token, body: { code, clientSeed: seed() } });

  it("players sign in through the proxy and play rounds held by either process over /p1 and /p2", {
    timeout: 90_000,
  }, async () => {
    for (const path of ["/p1", "/p2"] as const) {
      const { code, creator } = await roundOn(path);
      const joiner = await player(`Joiner ${path}`);
      const rooms = [
        await sdk(creator.token).joinById(code),
        await sdk(joiner.token).joinById(code),
      ];
      const coins = rooms.map((room) => nextMessage(room, "coin", 30_000));
      expect((await join(joiner.token, code)).status).toBe(200);
      const [forCreator, forJoiner] = await Promise.all(coins);
      expect(forJoiner.coin).toBe(forCreator.coin);
      const creatorWon = forCreator.winner === creator.userId;
      expect((await balancesOf({ call: proxy }, creator.token)).main).toBe(creatorWon ? 108 : 90);
      expect((await balancesOf({ call: proxy }, joiner.token)).main).toBe(creatorWon ? 90 : 108);
      for (const room of rooms) await room.leave();
    }
    // Each room's websocket went through its process' path, upgraded by the proxy.
    const log = await nginx.accessLog();
    expect(log).toMatch(/"GET \/p1\/[^ ]+ HTTP\/1\.1" 101 /);
    expect(log).toMatch(/"GET \/p2\/[^ ]+ HTTP\/1\.1" 101 /);
  });

  it("a process killed behind the proxy: the other adopts its round, its players come back through the proxy", {
    timeout: 90_000,
  }, async () => {
    const { code, roundId, creator } = await roundOn("/p1");
    const joiner = await player("Joiner killed");
    const watching = await sdk(creator.token).joinById(code);
    watching.reconnection.enabled = false;
    const dropped = new Promise((resolve) => watching.onLeave(resolve));
    expect((await join(joiner.token, code)).status).toBe(200);
    // Inside the start notice: nothing drawn yet, and the process holding the round dies.
    a.server.child.kill("SIGKILL");
    await a.server.exited;
    await dropped;

    // Both players come back by the round's code, through the proxy: B holds it now.
    const back = await Promise.all([rejoin(creator.token, code), rejoin(joiner.token, code)]);
    expect(await heldAt(code)).toBe("/p2");
    const round = async () => (await proxy("GET", `/api/game/coin-flip/get/${code}`)).body;
    await expect.poll(async () => (await round()).status, { timeout: 30_000 }).toBe("finished");
    const events = await store.readStream(roundStream(roundId));
    expect(events.filter((e) => e.type === "RoundSettled")).toHaveLength(1);
    const creatorWon = (await round()).fairness.outcome === "H";
    expect((await balancesOf({ call: proxy }, creator.token)).main).toBe(creatorWon ? 108 : 90);
    expect((await balancesOf({ call: proxy }, joiner.token)).main).toBe(creatorWon ? 90 : 108);
    for (const room of back) await room.leave();
  });

  it("X-Forwarded-For from the proxy reaches the rate limits (TRUST_PROXY=1); a forged one does not", async () => {
    // RATE_LIMIT_LOGIN=1: one sign-in a minute per client address and phone. Players come from
    // two loopback addresses; B alone answers now (A was killed above).
    const target = await player("Rate Limited");
    const attempt = (from: string, headers: Record<string, string> = {}) =>
      postFrom(
        from,
        `${nginx.url}/api/auth/user/login`,
        { phone: target.phone, password: "wrong-pass-1" },
        headers,
      );
    expect(await attempt("127.0.0.2")).toBe(401);
    expect(await attempt("127.0.0.2")).toBe(429);
    // Another client: the proxy's X-Forwarded-For tells the process it is someone else.
    expect(await attempt("127.0.0.3")).toBe(401);
    // The proxy replaces what a client claims: the limited client stays limited.
    expect(await attempt("127.0.0.2", { "x-forwarded-for": "203.0.113.9" })).toBe(429);
  });

  it("a proxy that strips the upgrade headers: joining a room fails at once, it does not hang", {
    timeout: 60_000,
  }, async () => {
    const { code, creator } = await roundOn("/p2");
    await nginx.reload((listen) =>
      renderSite({ listen, ...upstreams }, (site) =>
        site
          .replace("proxy_set_header Upgrade $http_upgrade;", 'proxy_set_header Upgrade "";')
          .replace(
            "proxy_set_header Connection $connection_upgrade;",
            'proxy_set_header Connection "";',
          ),
      ),
    );
    const logBefore = (await nginx.accessLog()).length;
    const started = Date.now();
    const joined = await sdk(creator.token)
      .joinById(code)
      .then(
        (room: Room) => ({ room, error: null }),
        (error: unknown) => ({ room: null, error: error as Error & { code?: number } }),
      );
    const failedAfter = Date.now() - started;
    expect(joined.room).toBeNull();
    // The seat was reserved (matchmaking is plain HTTP); the websocket was never upgraded.
    const attempted = (await nginx.accessLog()).slice(logBefore);
    expect(attempted).toMatch(/"POST \/matchmake\/joinById\/[^ ]+ HTTP\/1\.1" 200 /);
    expect(attempted).toMatch(/"GET \/p2\/[^ ]+ HTTP\/1\.1" (?!101)\d{3} /);
    console.log(
      `  joinById through a proxy without upgrades rejected after ${failedAfter} ms: ${joined.error?.name}`,
    );
    // The API still answers through it: the web client reads the round and says it cannot connect.
    expect((await proxy("GET", `/api/game/coin-flip/get/${code}`)).status).toBe(200);

    await b.server.stop();
    const audit = auditDatabase(databaseUrl);
    expect(audit.stdout).toContain("verdict          OK");
  });

  /** Joins a round's room through the proxy, retrying while the round is being adopted. */
  async function rejoin(token: string, code: string, timeoutMs = 30_000): Promise<Room> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await sdk(token).joinById(code);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
});

/** A JSON POST sent from a given loopback address (another client); its status. */
function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: "POST", localAddress, headers: { "content-type": "application/json", ...headers } },
      (response) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode ?? 0));
      },
    );
    sent.once("error", reject);
    sent.end(JSON.stringify(body));
  });
}
