import type { Room } from "@colyseus/sdk";
import { finalRotationFor, numberAtPointer } from "@igp/shared";
import {
  balancesOf,
  fundedPlayer,
  nextMessage,
  playerChannel,
  sdkClient,
  seed,
  spinWheelTable,
  watchRound,
} from "@igp/test-support/games.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchMakerRoundRooms } from "../../src/realtime/round-rooms.ts";

/** Spin wheel rounds played end to end over HTTP and real Colyseus SDK clients. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { GAME_START_NOTICE_MS: "200" } });
});
afterAll(() => server.stop());

type Player = Awaited<ReturnType<typeof fundedPlayer>>;
const create = (p: Player, instantId: number, selectedNumbers: unknown) =>
  server.call("POST", "/api/game/spin-wheel/create", {
    token: p.token,
    body: { instantId, selectedNumbers, clientSeed: seed() },
  });
const lock = (p: Player, code: string, selectedNumbers: unknown) =>
  server.call("POST", "/api/game/spin-wheel/join", {
    token: p.token,
    body: { code, selectedNumbers, clientSeed: seed() },
  });
const createPrivate = (p: Player, betAmount: unknown, selectedNumbers: unknown) =>
  server.call("POST", "/api/game/private/create", {
    token: p.token,
    body: { gameType: "spin-wheel", betAmount, selectedNumbers, clientSeed: seed() },
  });

interface SpinState {
  status: string;
  phase: string;
  picks: Map<string, { number: number; player: string; locked: boolean }>;
  players: { player: string; numbers: number[] }[];
}
const stateOf = (room: Room) => room.state as unknown as SpinState;
const houseCutOf = async (roundId: string) => {
  const stream = await server.platform.store.readStream(`round-${roundId}`);
  const settled = stream.filter((e) => e.type === "RoundSettled");
  return settled.map((e) => (e.data as { houseCut: number }).houseCut);
};

describe("a public spin wheel", () => {
  it("takes numbers x bet, spins once all six are held and pays the holder the pot minus 10%", async () => {
    const table = await spinWheelTable(server, 5);
    const [alice, bob, carol] = [
      await fundedPlayer(server, 100_00, 0, "Alice Tadesse"),
      await fundedPlayer(server, 100_00, 0, "Bob Girma"),
      await fundedPlayer(server, 100_00, 0, "Carol Haile"),
    ];
    const lobby = await sdkClient(server, carol.token).joinOrCreate("lobby");
    const created = await create(alice, table, [1, 2]);
    expect(created.status).toBe(201);
    const { gameCode: code, game } = created.body;
    expect(game).toMatchObject({
      status: "waiting",
      betAmount: 5,
      heldNumbers: [1, 2],
      playerWithChoice: [{ player: alice.userId, selectedNumbers: [1, 2], betAmount: 10 }],
      gameResult: null,
    });
    expect((await balancesOf(server, alice.token)).main).toBe(90);
    const listed = () =>
      (lobby.state as unknown as { rounds: Map<string, { heldNumbers: number[] }> }).rounds.get(
        code,
      );
    await expect.poll(() => [...(listed()?.heldNumbers ?? [])]).toEqual([1, 2]);
    // The most a joiner can win: six numbers of 5, minus the 10% cut.
    expect((listed() as unknown as { winUpTo: number }).winUpTo).toBe(27);
    const entry = await server.call("GET", `/api/instant/game/by/${table}`);
    expect(entry.body).toMatchObject({
      type: "spin-wheel",
      code,
      side: null,
      heldNumbers: [1, 2],
      winUpTo: 27,
    });

    const room = await watchRound(server, bob.token, code);
    const lockedOnLobby = nextMessage(lobby, "gameLockedSpin");
    room.send("pick", { number: 3 });
    await expect.poll(() => stateOf(room).picks.get("3")?.player).toBe(bob.userId);
    expect((await lock(bob, code, [3, 4])).status).toBe(200);
    expect(await lockedOnLobby).toEqual({ code, heldNumbers: [1, 2, 3, 4], players: 2 });
    const startNotice = nextMessage(room, "startNotice");
    const spin = nextMessage(room, "spin");
    const joined = await lock(carol, code, [5, 6]);
    expect(joined.status).toBe(200);
    expect(joined.body.game.status).toBe("player-joined");
    expect((await startNotice).code).toBe(code);
    const result = await spin;

    const { winnerValue, winnerIndex, finalRotation } = result.gameResult;
    expect(winnerIndex).toBe(winnerValue - 1);
    expect(finalRotation).toBe(finalRotationFor(winnerValue));
    expect(numberAtPointer(finalRotation)).toBe(winnerValue);
    const holders = [
      [alice, [1, 2]],
      [bob, [3, 4]],
      [carol, [5, 6]],
    ] as const;
    const winner = holders.find(([, numbers]) =>
      (numbers as readonly number[]).includes(winnerValue),
    )![0];
    expect(result.winner).toBe(winner.userId);
    expect(result.payout).toBe(27);
    for (const [p] of holders)
      expect((await balancesOf(server, p.token)).main).toBe(p === winner ? 117 : 90);
    expect(await houseCutOf(game.fairness.roundId)).toEqual([3_00]);
    expect(result.game.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(result.previousWinningNumbers).toEqual(expect.any(Array));
    await expect.poll(() => listed()).toBeUndefined();

    const after = await server.call("GET", `/api/game/spin-wheel/get/${code}`);
    expect(after.body).toMatchObject({ status: "finished", gameResult: result.gameResult });
    expect(after.body.fairness.outcome).toBe(winnerValue);
    // /fair's read by code alone says which game the code is, with the same round.
    const byCode = await server.call("GET", `/api/game/round/${code}`);
    expect(byCode.body).toEqual({ game: "spin-wheel", round: after.body });
    expect((await server.call("GET", "/api/game/round/ZZZZ9999")).status).toBe(404);
    const late = await lock(await fundedPlayer(server, 10_00), code, [1]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This game is over.");
    await Promise.all([room.leave(), lobby.leave()]);
  });

  it("a private round of two players is joined by code and spins when all six are held", async () => {
    const [alice, bob] = [await fundedPlayer(server, 50_00), await fundedPlayer(server, 50_00)];
    const created = await createPrivate(alice, 2.5, [6]);
    expect(created.status).toBe(201);
    expect(created.body.game).toMatchObject({ access: "private", instantId: null, betAmount: 2.5 });
    const room = await watchRound(server, alice.token, created.body.gameCode);
    const spin = nextMessage(room, "spin");
    expect((await lock(bob, created.body.gameCode, [1, 2, 3, 4, 5])).status).toBe(200);
    const result = await spin;
    // Pot 6 x 2.50 = 15; the winner gets 13.50.
    const aliceWon = result.gameResult.winnerValue === 6;
    expect((await balancesOf(server, alice.token)).main).toBe(aliceWon ? 61 : 47.5);
    expect((await balancesOf(server, bob.token)).main).toBe(aliceWon ? 37.5 : 51);
    await room.leave();
  });
});

describe("the deadline", () => {
  /** A private round whose countdown is cut to two seconds (the settings allow a minute at least). */
  async function shortRound(creator: Player, selectedNumbers: number[]) {
    const rounds = server.platform.spinWheelRounds;
    const seat = { player: creator.userId, selectedNumbers, clientSeed: seed() };
    const round = await rounds.open({ seat, instantId: null, betAmount: 2_00 });
    await server.platform.database.pool.query(
      "UPDATE game_rounds SET deadline = now() + interval '2 seconds' WHERE round_id = $1",
      [round.roundId],
    );
    await matchMakerRoundRooms(() => true).open(round);
    return round.code;
  }

  it("alone at the deadline: the stake comes back and the player is told", async () => {
    const alice = await fundedPlayer(server, 10_00);
    const channel = await playerChannel(server, alice);
    const told = nextMessage(channel, "noPlayerJoined");
    const code = await shortRound(alice, [3, 4]);
    expect((await balancesOf(server, alice.token)).main).toBe(6);
    expect((await told).code).toBe(code);
    await expect.poll(() => balancesOf(server, alice.token)).toEqual({ main: 10, bonus: 0 });
    const after = await server.call("GET", `/api/game/spin-wheel/get/${code}`);
    expect(after.body.status).toBe("expired");
    await channel.leave();
  });

  it("two players at the deadline: the wheel spins among the held numbers", async () => {
    const [alice, bob] = [await fundedPlayer(server, 10_00), await fundedPlayer(server, 10_00)];
    const code = await shortRound(alice, [3]);
    const room = await watchRound(server, bob.token, code);
    const spin = nextMessage(room, "spin");
    expect((await lock(bob, code, [5])).status).toBe(200);
    const result = await spin;
    expect([3, 5]).toContain(result.gameResult.winnerValue);
    // Pot 2 x 2 = 4, the winner gets 3.60.
    const aliceWon = result.gameResult.winnerValue === 3;
    expect((await balancesOf(server, alice.token)).main).toBe(aliceWon ? 11.6 : 8);
    expect((await balancesOf(server, bob.token)).main).toBe(aliceWon ? 8 : 11.6);
    await room.leave();
  });
});

describe("bad input changes nothing and says why", () => {
  it("refuses numbers out of range, empty or repeated selections, all six, and unknown games", async () => {
    const { token } = await signInSuperAdmin(server);
    const cheap = await server.call("POST", "/api/games/create", {
      token,
      body: { type: "spin-wheel", betAmount: 0.99 },
    });
    expect(cheap.status).toBe(400);
    expect(cheap.body.message).toBe("Please enter a valid bet amount!");
    const table = await spinWheelTable(server, 1);
    const player = await fundedPlayer(server, 20_00);
    const cases: [unknown, number, string][] = [
      [[0], 400, "Numbers go from 1 to 6."],
      [[7], 400, "Numbers go from 1 to 6."],
      [[1.5], 400, "Numbers go from 1 to 6."],
      [["x"], 400, "Numbers go from 1 to 6."],
      [[], 400, "Please select at least one lucky number before locking."],
      [undefined, 400, "Please select at least one lucky number before locking."],
      [[2, 2], 400, "Each number can be chosen once."],
      [[1, 2, 3, 4, 5, 6], 400, "Leave at least one number for another player."],
    ];
    for (const [numbers, status, message] of cases) {
      const answer = await create(player, table, numbers);
      expect(answer.status, JSON.stringify(numbers)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect((await create(player, 999_999, [1])).status).toBe(404);
    expect((await createPrivate(player, 0, [1])).body.message).toMatch(/valid bet amount/);
    expect((await createPrivate(player, 1, [])).body.message).toBe(
      "Please select at least one number.",
    );
    expect((await lock(player, "ZZZZZZZZ", [1])).status).toBe(404);
    expect(await balancesOf(server, player.token)).toEqual({ main: 20, bonus: 0 });
  });

  it("refuses a held number, a lock without the funds and a pick after locking; the room carries on", async () => {
    const [alice, bob, poor] = [
      await fundedPlayer(server, 20_00),
      await fundedPlayer(server, 20_00),
      await fundedPlayer(server, 1_00),
    ];
    const { body } = await createPrivate(alice, 2, [1, 2]);
    const code = body.gameCode;
    const held = await lock(bob, code, [2, 3]);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe("Number 2 is already taken.");
    const short = await lock(poor, code, [4]);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe("Insufficient balance for this bet.");
    expect(await balancesOf(server, poor.token)).toEqual({ main: 1, bonus: 0 });
    expect(await balancesOf(server, bob.token)).toEqual({ main: 20, bonus: 0 });

    const room = await watchRound(server, bob.token, code);
    const errors: string[] = [];
    room.onMessage("error", (e: { message: string }) => errors.push(e.message));
    room.send("pick", { number: 1 });
    room.send("pick", { number: 9 });
    room.send("pick", "four");
    room.send("unpick", { number: 2 });
    room.send("spin", {});
    await expect.poll(() => errors.length).toBe(5);
    expect(errors.slice(0, 4)).toEqual([
      "Number 1 is already taken.",
      "Numbers go from 1 to 6.",
      expect.any(String),
      "That number is not yours to release.",
    ]);
    expect(errors[4]).toContain('Unknown message "spin"');
    // The poor player's failed lock released number 4: bob can pick it, then locks it.
    room.send("pick", { number: 4 });
    await expect.poll(() => stateOf(room).picks.get("4")?.player).toBe(bob.userId);
    expect((await lock(bob, code, [4])).status).toBe(200);
    room.send("pick", { number: 5 });
    await expect.poll(() => errors.length).toBe(6);
    expect(errors[5]).toBe("Your selection is locked.");
    await expect.poll(() => stateOf(room).status).toBe("player-joined");
    expect(stateOf(room).picks.get("4")?.locked).toBe(true);
    expect(room.connection.isOpen).toBe(true);
    expect(await balancesOf(server, bob.token)).toEqual({ main: 18, bonus: 0 });
    await room.leave();
  });
});

describe("races", () => {
  it("six players pick one number at once: exactly one holds it", async () => {
    const alice = await fundedPlayer(server, 10_00);
    const { body } = await createPrivate(alice, 1, [1]);
    const racers = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(server, 10_00)));
    const rooms = await Promise.all(racers.map((p) => watchRound(server, p.token, body.gameCode)));
    const refusals = rooms.map(
      (room) =>
        new Promise<string | null>((resolve) => {
          room.onMessage("error", (e: { message: string }) => resolve(e.message));
          setTimeout(() => resolve(null), 1_500);
        }),
    );
    for (const room of rooms) room.send("pick", { number: 4 });
    const answers = await Promise.all(refusals);
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    expect(answers.filter((a) => a === "Number 4 is already taken.")).toHaveLength(5);
    const holder = racers[answers.indexOf(null)]!;
    for (const room of rooms) expect(stateOf(room).picks.get("4")?.player).toBe(holder.userId);
    // The others cannot lock it either; the holder can.
    const other = racers.find((p) => p !== holder)!;
    expect((await lock(other, body.gameCode, [4])).body.message).toBe("Number 4 is already taken.");
    expect((await lock(holder, body.gameCode, [4])).status).toBe(200);
    await Promise.all(rooms.map((room) => room.leave()));
  });

  it("twenty players lock overlapping numbers at once: none held twice, nobody charged for a number not held, money conserved", async () => {
    const table = await spinWheelTable(server, 3);
    const creator = await fundedPlayer(server, 30_00);
    const created = await create(creator, table, [1]);
    const code = created.body.gameCode;
    // Overlapping selections of 2..6, and one single number each so that every number ends held.
    const selections = [
      [2, 3],
      [3, 4],
      [4, 5, 6],
      [2, 6],
      [5],
      [3, 5],
      [2, 4, 6],
      [6],
      [4],
      [2],
      [3],
      [5, 6],
      [2, 5],
      [3, 6],
      [4, 6],
      [2, 3, 4],
      [4, 5],
      [3, 4, 5, 6],
      [2, 3, 5],
      [6, 2],
    ];
    const players = await Promise.all(selections.map(() => fundedPlayer(server, 30_00)));
    const watcher = await watchRound(server, creator.token, code);
    const spin = nextMessage(watcher, "spin");
    const answers = await Promise.all(players.map((p, i) => lock(p, code, selections[i])));

    const winners = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/already taken|over/);
    }
    const heldByLockers = winners.flatMap((i) => selections[i]!);
    expect(new Set(heldByLockers).size).toBe(heldByLockers.length);
    expect([1, ...heldByLockers].sort()).toEqual([1, 2, 3, 4, 5, 6]);

    const result = await spin;
    const held = new Map<number, string>([[1, creator.userId]]);
    for (const i of winners) for (const n of selections[i]!) held.set(n, players[i]!.userId);
    expect(result.winner).toBe(held.get(result.gameResult.winnerValue));
    // Pot 6 x 3 = 18, payout 16.20, house 1.80.
    expect(result.payout).toBe(16.2);
    let total = 0;
    for (const [i, p] of players.entries()) {
      const main = (await balancesOf(server, p.token)).main;
      const staked = winners.includes(i) ? selections[i]!.length * 3 : 0;
      const won = result.winner === p.userId ? 16.2 : 0;
      expect(main).toBeCloseTo(30 - staked + won, 2);
      total += main;
    }
    total += (await balancesOf(server, creator.token)).main;
    const [houseCut] = await houseCutOf(created.body.game.fairness.roundId);
    expect(Math.round(total * 100) + houseCut!).toBe(21 * 30_00);
    await watcher.leave();
  });
});
