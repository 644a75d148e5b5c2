import { Client } from "@colyseus/sdk";
import {
  CommandHandler,
  createPgPool,
  createPostgresEventStore,
  Ledger,
  roundStream,
} from "@igp/ledger";
import { ROOMS } from "@igp/shared";
import {
  auditDatabase,
  type ClusterNode,
  clusterEnv,
  startNode,
} from "@igp/test-support/cluster.ts";
import { createTestDatabase } from "@igp/test-support/database.ts";
import { balancesOf, nextMessage, seed } from "@igp/test-support/games.ts";
import { signInSuperAdmin, signUpPlayer } from "@igp/test-support/http.ts";
import { pngImage } from "@igp/test-support/images.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { buyTicket, lotteryForm } from "@igp/test-support/lottery.ts";
import { redisMissing, startRedis, type TestRedis } from "@igp/test-support/redis.ts";
import { spawnServer } from "@igp/test-support/server-process.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Two server processes on one database and one real redis-server (issue 15): players on
 * different processes play each other, both lobbies list the same rounds, pushes reach players
 * wherever they are connected, a dead process' round is settled exactly once by the other, and
 * a process with other secrets refuses to join.
 */
describe.skipIf(redisMissing)(`two processes on Redis (${redisMissing ?? "redis-server"})`, () => {
  let redis: TestRedis;
  let databaseUrl: string;
  let a: ClusterNode;
  let b: ClusterNode;
  let pool: ReturnType<typeof createPgPool>;
  let ledger: Ledger;
  let store: ReturnType<typeof createPostgresEventStore>;
  const extra = { GAME_START_NOTICE_MS: "3000", ROUND_LEASE_SECONDS: "3" };

  beforeAll(async () => {
    redis = await startRedis();
    databaseUrl = await createTestDatabase();
    a = await startNode("A", await clusterEnv(databaseUrl, redis.url, extra));
    b = await startNode("B", await clusterEnv(databaseUrl, redis.url, extra));
    pool = createPgPool(databaseUrl, 4);
    store = createPostgresEventStore({ pool });
    ledger = new Ledger(new CommandHandler(store));
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.server.stop(), b?.server.stop()]);
    await pool?.end();
    await redis?.stop();
  });

  const funded = async (node: ClusterNode, name: string) => {
    const player = await signUpPlayer(node, name);
    await approvedBankDeposit(ledger, player.userId, 100_00);
    return player;
  };
  const privateFlip = (node: ClusterNode, token: string, betAmount: number) =>
    node.call("POST", "/api/game/private/create", {
      token,
      body: {
        gameType: "coin-flip",
        access: "private",
        betAmount,
        selectedSide: "H",
        clientSeed: seed(),
      },
    });

  // A lone round opened first through B, its player's channel on A: at its deadline (the
  // shortest the settings allow, a minute) the refund notice must cross to A (checked below).
  let lone: { code: string; deadline: number; notices: string[] };
  it("opens a lone round on B while its player listens on A", async () => {
    await pool.query("UPDATE settings SET game_waiting_time = 1");
    const hana = await funded(b, "Hana Tesfaye");
    const notices: string[] = [];
    const channelOnA = await a
      .client(hana.token)
      .joinOrCreate(ROOMS.player, { userId: hana.userId });
    channelOnA.onMessage("balanceUpdated", () => {});
    channelOnA.onMessage("noPlayerJoined", (notice: { code: string }) => notices.push(notice.code));
    const created = await privateFlip(b, hana.token, 7);
    expect(created.status).toBe(201);
    lone = {
      code: created.body.gameCode,
      deadline: Date.parse(created.body.game.deadline),
      notices,
    };
  });

  it("players on different processes play each other; results and balances reach both", {
    timeout: 60_000,
  }, async () => {
    const alice = await funded(a, "Alice Tadesse");
    const bob = await funded(b, "Bob Girma");
    const created = await privateFlip(a, alice.token, 10);
    expect(created.status).toBe(201);
    const code = created.body.gameCode;

    // Each watches the round and its own channel through its own process.
    const aliceRoom = await a.client(alice.token).joinById(code);
    const bobRoom = await b.client(bob.token).joinById(code);
    const balances = { alice: [] as number[], bob: [] as number[] };
    const aliceChannel = await channel(a, alice, balances.alice);
    const bobChannel = await channel(b, bob, balances.bob);
    const coins = [nextMessage(aliceRoom, "coin"), nextMessage(bobRoom, "coin")];
    await expect.poll(() => [balances.alice.at(-1), balances.bob.at(-1)]).toEqual([90, 100]);

    const joined = await b.call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code, clientSeed: seed() },
    });
    expect(joined.status).toBe(200);
    const [forAlice, forBob] = await Promise.all(coins);
    expect(forBob.coin).toBe(forAlice.coin);
    const aliceWon = forAlice.winner === alice.userId;
    // Each channel, on its own process, is told of the stake and of the payout.
    await expect.poll(() => balances.alice.at(-1)).toBe(aliceWon ? 108 : 90);
    await expect.poll(() => balances.bob.at(-1)).toBe(aliceWon ? 90 : 108);
    expect(balances.bob).toContain(90);
    // (A push may repeat a balance when the notifier sees the stake's events again.)
    expect([...new Set(balances.alice)]).toEqual(aliceWon ? [90, 108] : [90]);
    expect((await balancesOf(a, alice.token)).main).toBe(aliceWon ? 108 : 90);
    expect((await balancesOf(b, bob.token)).main).toBe(aliceWon ? 90 : 108);
    for (const room of [aliceRoom, bobRoom, aliceChannel, bobChannel]) await room.leave();
  });

  it("both processes' lobby clients see the same public rounds", { timeout: 60_000 }, async () => {
    const admin = await signInSuperAdmin(a);
    const table = await a.call("POST", "/api/games/create", {
      token: admin.token,
      body: { type: "coin-flip", betAmount: 3 },
    });
    const viewer = await signUpPlayer(a, "Viewer One");
    const lobbyA = await a.client(viewer.token).joinOrCreate(ROOMS.lobby);
    const lobbyB = await b.client(viewer.token).joinOrCreate(ROOMS.lobby);
    const codes = (lobby: typeof lobbyA) => [
      ...(lobby.state as { rounds: Map<string, { code: string }> }).rounds.keys(),
    ];
    const carol = await funded(b, "Carol Haile");
    const opened = await b.call("POST", "/api/game/coin-flip/create", {
      token: carol.token,
      body: { instantId: table.body.id, selectedSide: "T", clientSeed: seed() },
    });
    expect(opened.status).toBe(201);
    await expect.poll(() => codes(lobbyA)).toContain(opened.body.gameCode);
    await expect.poll(() => codes(lobbyB)).toContain(opened.body.gameCode);
    await lobbyA.leave();
    await lobbyB.leave();
  });

  it("a lottery's room on A: a watcher on B sees tickets sold through B, and B's Finish draws it", {
    timeout: 60_000,
  }, async () => {
    const admin = await signInSuperAdmin(a);
    const created = await a.call("POST", "/api/games/lottery/create", {
      token: admin.token,
      body: lotteryForm({ betAmount: 1, prizes: "Phone" }, await pngImage()),
    });
    expect(created.status).toBe(201);
    const code = created.body.code as string;
    const buyer = await funded(b, "Genet Ayele");
    const watcher = await new Client(b.url).joinById(code);
    for (let i = 0; i < 3; i++) expect((await buyTicket(b, buyer.token, code)).status).toBe(201);
    await expect.poll(() => (watcher.state as { ticketsSold?: number }).ticketsSold).toBe(3);
    const soon = nextMessage(watcher, "drawingSoon");
    const drawn = nextMessage(watcher, "drawn", 30_000);
    watcher.onMessage("winner", () => {});
    const finished = await b.call("POST", "/api/games/lottery/finish", {
      token: admin.token,
      body: { code },
    });
    expect(finished.status).toBe(200);
    expect(finished.body.status).toBe("drawn");
    await soon;
    expect((await drawn).winners).toHaveLength(2);
    await watcher.leave();
  });

  it("refuses a forged reconnection token and moves nothing", async () => {
    const dawit = await funded(a, "Dawit Alemu");
    const created = await privateFlip(a, dawit.token, 2);
    const forged = await b.call("POST", `/matchmake/reconnect/${created.body.gameCode}`, {
      body: { reconnectionToken: "forged-token" },
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect((await balancesOf(a, dawit.token)).main).toBe(98);
  });

  it("a process with a different JWT secret refuses to start beside its peers", async () => {
    const env = await clusterEnv(databaseUrl, redis.url, {
      JWT_SECRET: "another-jwt-secret-another-jwt-secret-x",
    });
    const stray = spawnServer(env, 0);
    // A start on a loaded CI machine (tsx compiling, migrations checked) can take most of a
    // minute before it reaches the secrets' check: wait long, it exits as soon as it refuses.
    const code = await Promise.race([
      stray.exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 100_000)),
    ]);
    await stray.stop(1_000);
    expect(code).toBe(1);
    expect(stray.logLines.join("\n")).toContain("JWT_SECRET differ");
  }, 120_000);

  it("the lone round's refund notice reaches its player on the other process", {
    timeout: 90_000,
  }, async () => {
    await expect
      .poll(() => lone.notices, { timeout: lone.deadline - Date.now() + 20_000, interval: 500 })
      .toEqual([lone.code]);
    const round = await b.call("GET", `/api/game/coin-flip/get/${lone.code}`);
    expect(round.body.status).toBe("expired");
  });

  it("killing the process that holds a round: the other settles it exactly once; its clients find it", {
    timeout: 90_000,
  }, async () => {
    const eden = await funded(a, "Eden Bekele");
    const fikir = await funded(a, "Fikir Mulu");
    const created = await privateFlip(a, eden.token, 20);
    const code = created.body.gameCode;
    const roundId = created.body.game.fairness.roundId;
    const watching = await a.client(eden.token).joinById(code);
    const joined = await a.call("POST", "/api/game/coin-flip/join", {
      token: fikir.token,
      body: { code, clientSeed: seed() },
    });
    expect(joined.status).toBe(200);
    // Inside the start notice: nothing drawn yet, and the process holding the round dies.
    const dropped = new Promise((resolve) => watching.onLeave(resolve));
    watching.reconnection.enabled = false;
    a.server.child.kill("SIGKILL");
    await a.server.exited;
    await dropped;

    // Its client comes back through the surviving process and finds the round there.
    const back = await rejoin(b, eden.token, code, 30_000);
    await expect.poll(() => (back.state as { code?: string }).code).toBe(code);
    const round = async () => (await b.call("GET", `/api/game/coin-flip/get/${code}`)).body;
    await expect.poll(async () => (await round()).status, { timeout: 30_000 }).toBe("finished");
    const events = await store.readStream(roundStream(roundId));
    expect(events.filter((e) => e.type === "RoundSettled")).toHaveLength(1);
    const winner = (await round()).fairness.outcome === "H" ? eden : fikir;
    const loser = winner === eden ? fikir : eden;
    expect((await balancesOf(b, winner.token)).main).toBe(116);
    expect((await balancesOf(b, loser.token)).main).toBe(80);
    await back.leave();

    await b.server.stop();
    const audit = auditDatabase(databaseUrl);
    expect(audit.stdout).toContain("verdict          OK");
    expect(audit.status).toBe(0);
  });
});

/** Joins a round's room through a process, retrying while the round is being adopted. */
async function rejoin(node: ClusterNode, token: string, code: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await node.client(token).joinById(code);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** A player's own channel through a process, its `balanceUpdated` main balances collected. */
async function channel(
  node: ClusterNode,
  player: { token: string; userId: string },
  seen: number[],
) {
  const room = await node
    .client(player.token)
    .joinOrCreate(ROOMS.player, { userId: player.userId });
  room.onMessage("balanceUpdated", (message: { mainBalance: number }) =>
    seen.push(message.mainBalance),
  );
  return room;
}
