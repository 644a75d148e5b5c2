import type { Room } from "@colyseus/sdk";
import {
  balancesOf,
  coinFlipTable,
  fundedPlayer,
  nextMessage,
  playerChannel,
  sdkClient,
  seed,
  watchRound,
} from "@igp/test-support/games.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { ctx, requestedBankDeposit } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
let table: number;
beforeAll(async () => {
  server = await startTestServer({ env: { GAME_START_NOTICE_MS: "200" } });
  table = await coinFlipTable(server, 10);
});
afterAll(() => server.stop());

const create = (token: string, body: unknown) =>
  server.call("POST", "/api/game/coin-flip/create", { token, body });
const join = (token: string, body: unknown) =>
  server.call("POST", "/api/game/coin-flip/join", { token, body });
const httpLobby = (token: string | undefined, game: string) =>
  server.call("GET", `/api/instant/game/${game}/lobby`, { token });
const createPrivate = (token: string, body: Record<string, unknown>) =>
  server.call("POST", "/api/game/private/create", {
    token,
    body: { gameType: "coin-flip", access: "private", clientSeed: seed(), ...body },
  });

describe("bad input changes nothing and says why", () => {
  it("refuses wrong sides, seeds, bets, codes and tables with clear messages", async () => {
    const player = await fundedPlayer(server, 20_00);
    const cases: [unknown, number, string][] = [
      [
        { instantId: table, selectedSide: "X", clientSeed: "a" },
        400,
        "Please select your lucky side",
      ],
      [{ instantId: table, clientSeed: "a" }, 400, "Please select your lucky side"],
      [{ instantId: table, selectedSide: "H", clientSeed: "bad seed!" }, 400, "client seed"],
      [{ instantId: 999_999, selectedSide: "H", clientSeed: "a" }, 404, "Game not found."],
      [{ instantId: "abc", selectedSide: "H", clientSeed: "a" }, 400, "Game not found."],
    ];
    for (const [body, status, message] of cases) {
      const answer = await create(player.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toContain(message);
    }
    for (const betAmount of [0, 0.5, -3, "x", 1.234]) {
      const answer = await createPrivate(player.token, { betAmount, selectedSide: "H" });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/valid bet amount|Amount/);
    }
    const noSide = await createPrivate(player.token, { betAmount: 5 });
    expect(noSide.body.message).toBe("Please select a side (Heads or Tails).");
    const wrongGame = await createPrivate(player.token, {
      betAmount: 5,
      selectedSide: "H",
      gameType: "dice",
    });
    expect(wrongGame.body.message).toBe("Invalid game type specified.");
    for (const code of ["", "abc", "ZZZZZZZZ", "0OIL0OIL"]) {
      const answer = await join(player.token, { code, clientSeed: "a" });
      expect([400, 404]).toContain(answer.status);
      expect(answer.body.message).toBe(
        "Could not find the game. It might have expired or the code is incorrect.",
      );
    }
    expect(await balancesOf(server, player.token)).toEqual({ main: 20, bonus: 0 });
  });

  it("refuses a bet above the balance, and staff cannot play", async () => {
    const poor = await fundedPlayer(server, 5_00);
    const answer = await createPrivate(poor.token, { betAmount: 6, selectedSide: "T" });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Insufficient balance for this bet.");
    expect(await balancesOf(server, poor.token)).toEqual({ main: 5, bonus: 0 });
    const stranger = await signUpPlayer(server);
    expect((await createPrivate(stranger.token, { betAmount: 1, selectedSide: "T" })).status).toBe(
      409,
    );
    expect(
      (await create("", { instantId: table, selectedSide: "H", clientSeed: "a" })).status,
    ).toBe(401);
  });

  it("a creator cannot join its own round, nor anyone join twice or after the end", async () => {
    const alice = await fundedPlayer(server, 50_00);
    const bob = await fundedPlayer(server, 50_00);
    const carol = await fundedPlayer(server, 50_00);
    const { body } = await createPrivate(alice.token, { betAmount: 10, selectedSide: "H" });
    const own = await join(alice.token, { code: body.gameCode, clientSeed: "a" });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe("You cannot join your own game.");
    const room = await watchRound(server, carol.token, body.gameCode);
    const coin = nextMessage(room, "coin");
    expect((await join(bob.token, { code: body.gameCode, clientSeed: "b" })).status).toBe(200);
    const twice = await join(bob.token, { code: body.gameCode, clientSeed: "b" });
    expect(twice.status).toBe(409);
    await coin;
    const late = await join(carol.token, { code: body.gameCode, clientSeed: "c" });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This game is over.");
    expect(await balancesOf(server, carol.token)).toEqual({ main: 50, bonus: 0 });
    await room.leave();
  });

  it("room messages of any shape are answered without disturbing the round", async () => {
    const alice = await fundedPlayer(server, 50_00);
    const { body } = await createPrivate(alice.token, { betAmount: 10, selectedSide: "T" });
    const room = await watchRound(server, alice.token, body.gameCode);
    const answer = nextMessage(room, "error");
    room.send("flip", { side: "H" });
    expect((await answer).message).toContain('Unknown message "flip"');
    room.send(42, "garbage");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(room.connection.isOpen).toBe(true);
    const state = room.state as { status: string; players: unknown[] };
    expect(state.status).toBe("waiting");
    expect(state.players.length).toBe(1);
    await room.leave();
  });

  it("rooms refuse a missing or foreign token, and clients cannot create rounds", async () => {
    const alice = await fundedPlayer(server, 50_00);
    const { body } = await createPrivate(alice.token, { betAmount: 10, selectedSide: "T" });
    await expect(sdkClient(server, "not-a-token").joinById(body.gameCode)).rejects.toThrow(
      /sign in/,
    );
    await expect(
      sdkClient(server, alice.token).create("coin_flip", { roundId: body.game.fairness.roundId }),
    ).rejects.toThrow();
    const bob = await signUpPlayer(server);
    await expect(
      sdkClient(server, bob.token).joinOrCreate("player", { userId: alice.userId }),
    ).rejects.toThrow(/not your channel/);
    const aliceChannel = await playerChannel(server, alice);
    await expect(
      sdkClient(server, bob.token).joinById(aliceChannel.roomId, { userId: bob.userId }),
    ).rejects.toThrow(/not your channel/);
    await aliceChannel.leave();
  });
});

describe("races", () => {
  it("20 players join one round at once: exactly one joins, nobody else is charged", async () => {
    const creator = await fundedPlayer(server, 10_00);
    const { body } = await create(creator.token, {
      instantId: table,
      selectedSide: "H",
      clientSeed: seed(),
    });
    const joiners = await Promise.all(
      Array.from({ length: 20 }, () => fundedPlayer(server, 10_00)),
    );
    const answers = await Promise.all(
      joiners.map((p) => join(p.token, { code: body.gameCode, clientSeed: seed() })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/two players|over/);
    }
    const winnerIndex = answers.findIndex((a) => a.status === 200);
    for (const [i, p] of joiners.entries()) {
      if (i !== winnerIndex) expect((await balancesOf(server, p.token)).main).toBe(10);
    }
  });

  it("one player opening two rounds at once with money for one gets exactly one", async () => {
    const player = await fundedPlayer(server, 10_00);
    const answers = await Promise.all(
      [1, 2, 3].map(() => createPrivate(player.token, { betAmount: 10, selectedSide: "H" })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await balancesOf(server, player.token)).toEqual({ main: 0, bonus: 0 });
  });

  it("two players opening a round on one free table at once: one opens, the other is told", async () => {
    const free = await coinFlipTable(server, 3);
    const [a, b] = [await fundedPlayer(server, 10_00), await fundedPlayer(server, 10_00)];
    const answers = await Promise.all(
      [a, b].map((p) =>
        create(p.token, { instantId: free, selectedSide: "T", clientSeed: seed() }),
      ),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    const total =
      (await balancesOf(server, a.token)).main + (await balancesOf(server, b.token)).main;
    expect(total).toBe(17);
  });
});

describe("private rounds, the lobby and the player channel", () => {
  it("a private round is not listed; a public one appears and leaves the live lobby", async () => {
    const alice = await fundedPlayer(server, 50_00, 20_00);
    const viewer = await signUpPlayer(server);
    const lobby = await sdkClient(server, viewer.token).joinOrCreate("lobby");
    const rounds = () => [
      ...(lobby.state as { rounds: Map<string, { code: string }> }).rounds.values(),
    ];
    const priv = await createPrivate(alice.token, { betAmount: 2, selectedSide: "H" });
    const pub = await create(alice.token, {
      instantId: await coinFlipTable(server, 4),
      selectedSide: "T",
      clientSeed: seed(),
    });
    await expect.poll(() => rounds().map((r) => r.code)).toContain(pub.body.gameCode);
    expect(rounds().map((r) => r.code)).not.toContain(priv.body.gameCode);
    // The same list over HTTP (a lobby's first paint), of that game only, to anyone (the page
    // preloads it without a token).
    const listed = await httpLobby(viewer.token, "coin-flip");
    expect(listed.status).toBe(200);
    // What a joiner wins leads the lobby's card: both bets (4 + 4) minus the 10% cut.
    expect(listed.body).toContainEqual(
      expect.objectContaining({
        code: pub.body.gameCode,
        type: "coin-flip",
        side: "T",
        players: 1,
        betAmount: 4,
        winUpTo: 7.2,
      }),
    );
    const live = () =>
      (lobby.state as { rounds: Map<string, { winUpTo: number }> }).rounds.get(pub.body.gameCode);
    expect(live()?.winUpTo).toBe(7.2);
    // The tables say the same of the table's open round.
    const tables = await server.call("GET", "/api/instant/game/coin-flip");
    expect(tables.body).toContainEqual(
      expect.objectContaining({ code: pub.body.gameCode, betAmount: 4, winUpTo: 7.2 }),
    );
    expect(listed.body).toEqual(
      expect.arrayContaining(rounds().map((r) => expect.objectContaining({ code: r.code }))),
    );
    expect(listed.body.map((r: { code: string }) => r.code)).not.toContain(priv.body.gameCode);
    const spins = await httpLobby(viewer.token, "spin-wheel");
    expect(spins.body.map((r: { code: string }) => r.code)).not.toContain(pub.body.gameCode);
    expect((await httpLobby(undefined, "coin-flip")).body).toEqual(listed.body);
    expect((await httpLobby(viewer.token, "dice")).body).toMatchObject({
      message: "Game not found.",
    });
    const bob = await fundedPlayer(server, 10_00);
    await join(bob.token, { code: pub.body.gameCode, clientSeed: seed() });
    await expect.poll(() => rounds().map((r) => r.code)).not.toContain(pub.body.gameCode);
    const after = await httpLobby(viewer.token, "coin-flip");
    expect(after.body.map((r: { code: string }) => r.code)).not.toContain(pub.body.gameCode);
    await lobby.leave();
    // Bonus pays first: 20 bonus covered both bets (2 + 4); a win pays 7.20 to main.
    await expect
      .poll(() => balancesOf(server, alice.token))
      .toSatisfy(
        (b: { main: number; bonus: number }) => b.bonus === 14 && [50, 57.2].includes(b.main),
      );
  });

  it("what a table and a round win: the settings' cut until a round opens, then the round's own", async () => {
    const { token: root } = await signInSuperAdmin(server);
    const setCut = async (winPercentCut: number) => {
      const { settings } = (await server.call("GET", "/api/settings", { token: root })).body;
      const body = { ...settings, coinFlip: { ...settings.coinFlip, winPercentCut } };
      expect((await server.call("POST", "/api/settings", { token: root, body })).status).toBe(200);
    };
    const winAt = async (id: number) =>
      (await server.call("GET", `/api/instant/game/by/${id}`)).body.winUpTo;
    const first = await coinFlipTable(server, 20);
    expect(await winAt(first)).toBe(36); // 2 x 20, minus the 10% a new round records
    const alice = await fundedPlayer(server, 50_00);
    const opened = await create(alice.token, {
      instantId: first,
      selectedSide: "H",
      clientSeed: seed(),
    });
    expect(opened.status).toBe(201);
    await setCut(12.5);
    try {
      // The open round pays by the cut it recorded; a table without one, by today's settings.
      expect(await winAt(first)).toBe(36);
      const listed = (await httpLobby(undefined, "coin-flip")).body.find(
        (round: { code: string }) => round.code === opened.body.gameCode,
      );
      expect(listed.winUpTo).toBe(36);
      expect(await winAt(await coinFlipTable(server, 20))).toBe(35);
    } finally {
      await setCut(10);
    }
  });

  it("balanceUpdated reaches the player's channel when its wallet moves", async () => {
    const alice = await fundedPlayer(server, 30_00);
    const channel = await playerChannel(server, alice);
    const first = await nextMessage(channel, "balanceUpdated");
    expect(first).toEqual({ mainBalance: 30, bonusBalance: 0 });
    // The deposit's own push may still arrive; the stake's is the one that moves main.
    const next = nextMessage<{ mainBalance: number }>(
      channel,
      "balanceUpdated",
      20_000,
      (m) => m.mainBalance !== 30,
    );
    const created = await createPrivate(alice.token, { betAmount: 7.5, selectedSide: "H" });
    expect(await next).toEqual({ mainBalance: 22.5, bonusBalance: 0 });

    // A payout's push names its round, so that the round's screen can hold it until the coin
    // lands, however early it comes.
    const bob = await fundedPlayer(server, 30_00);
    const bobsChannel = await playerChannel(server, bob);
    const credited = (channel: typeof bobsChannel) =>
      nextMessage<{ mainBalance: number; round?: string }>(
        channel,
        "balanceUpdated",
        20_000,
        (m) => m.mainBalance === 36,
      );
    const paid = Promise.any([credited(channel), credited(bobsChannel)]);
    await join(bob.token, { code: created.body.gameCode, clientSeed: seed() });
    expect(await paid).toEqual({
      mainBalance: 36,
      bonusBalance: 0,
      round: created.body.game.fairness.roundId,
    });
    await Promise.all([channel.leave(), bobsChannel.leave()]);
  });

  it("listsUpdated follows a deposit, not a round's stake or payout (no list shows those)", async () => {
    const alice = await signUpPlayer(server, "Alice Tadesse");
    const bob = await signUpPlayer(server, "Bob Girma");
    const channels = [await playerChannel(server, alice), await playerChannel(server, bob)];
    await depositTold(channels[0]!, alice.userId, 30_00);
    await depositTold(channels[1]!, bob.userId, 30_00);
    const lists = channels.map((channel) => {
      const told = { count: 0 };
      channel.onMessage("listsUpdated", () => told.count++);
      return told;
    });
    const paid = Promise.any(
      channels.map((channel) =>
        nextMessage(channel, "balanceUpdated", 20_000, (m: { round?: string }) => !!m.round),
      ),
    );
    const created = await createPrivate(alice.token, { betAmount: 7.5, selectedSide: "H" });
    await join(bob.token, { code: created.body.gameCode, clientSeed: seed() });
    await paid;
    // listsUpdated are told in the ledger's order: once the deposit's two have come, any the
    // round had caused would have come before them.
    await depositTold(channels[0]!, alice.userId, 2_00);
    expect(lists.map((told) => told.count)).toEqual([2, 0]);
    await Promise.all(channels.map((channel) => channel.leave()));
  });
});

/**
 * A bank deposit moves the wallet twice, each move told by a listsUpdated once the read models
 * hold it: counted at the request (the deposit list shows it pending), credited at the approval.
 * Each step's listsUpdated is awaited before the next, so none of the two comes late (told apart
 * or together, depending on how the ledger's subscription batches them, they would be 1 or 2).
 */
async function depositTold(channel: Room, userId: string, amountMinor: number) {
  const { ledger } = server.platform;
  const requested = nextMessage(channel, "listsUpdated");
  const depositId = await requestedBankDeposit(ledger, userId, amountMinor);
  await requested;
  const credited = nextMessage(channel, "listsUpdated");
  await ledger.deposits.approveBank(depositId, ctx("superAdmin"));
  await credited;
}

describe("a client that follows the spec's calls", () => {
  it("plays without client seeds (the server's are marked) and sends playerId, checked against the token", async () => {
    const [alice, bob, carol] = [
      await fundedPlayer(server, 20_00),
      await fundedPlayer(server, 20_00),
      await fundedPlayer(server, 20_00),
    ];
    const created = await server.call("POST", "/api/game/private/create", {
      token: alice.token,
      body: { gameType: "coin-flip", access: "private", betAmount: 5, selectedSide: "H" },
    });
    expect(created.status).toBe(201);
    const code = created.body.gameCode;
    const posing = await join(carol.token, { code, playerId: bob.userId });
    expect(posing).toMatchObject({
      status: 403,
      body: { message: "playerId must be the signed-in player's own id." },
    });
    expect(await balancesOf(server, carol.token)).toEqual({ main: 20, bonus: 0 });
    const joined = await join(bob.token, { code, playerId: bob.userId });
    expect(joined.status).toBe(200);
    const seeds: string[] = joined.body.game.fairness.clientSeeds;
    expect(seeds).toHaveLength(2);
    for (const generated of seeds) expect(generated).toMatch(/^generated:[0-9a-f]{32}$/);
  });
});

describe("the spec's realtime leave", () => {
  it("lets the creator of a round nobody joined cancel it, refunded once; nobody else, and not once joined", async () => {
    const [alice, bob] = [await fundedPlayer(server, 20_00), await fundedPlayer(server, 20_00)];
    const open = async () =>
      (await createPrivate(alice.token, { betAmount: 5, selectedSide: "H" })).body.gameCode;

    const alone = await open();
    const [mine, theirs] = [
      await watchRound(server, alice.token, alone),
      await watchRound(server, bob.token, alone),
    ];
    const refused = nextMessage<{ message: string }>(theirs, "error");
    theirs.send("leave", { playerId: bob.userId, id: alone });
    expect((await refused).message).toBe("Only the player who created this round can cancel it.");
    const ended = nextMessage(mine, "noPlayerJoined");
    mine.send("leave", { playerId: alice.userId, id: alone });
    await ended;
    mine.send("leave", {}); // a second leave moves nothing
    await expect
      .poll(() => server.call("GET", `/api/game/coin-flip/get/${alone}`).then((r) => r.body.status))
      .toBe("expired");
    expect(await balancesOf(server, alice.token)).toEqual({ main: 20, bonus: 0 });

    const joined = await open();
    const room = await watchRound(server, alice.token, joined);
    expect((await join(bob.token, { code: joined, clientSeed: seed() })).status).toBe(200);
    const goesOn = nextMessage<{ message: string }>(room, "error");
    room.send("leave", {});
    expect((await goesOn).message).toBe("Others have joined this round: it goes on.");
    await Promise.all([mine.leave(), theirs.leave(), room.leave()]);
  });
});
