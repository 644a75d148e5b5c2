import {
  balancesOf,
  coinFlipTable,
  fundedPlayer,
  nextMessage,
  seed,
  watchRound,
} from "@igp/test-support/games.ts";
import { startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { GAME_START_NOTICE_MS: "300" } });
});
afterAll(() => server.stop());

describe("a public coin flip", () => {
  it("debits both stakes, flips, pays the winner the pot minus 10% and reveals the seed", async () => {
    const table = await coinFlipTable(server, 50);
    const alice = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Girma");

    const created = await server.call("POST", "/api/game/coin-flip/create", {
      token: alice.token,
      body: { instantId: table, selectedSide: "H", clientSeed: seed() },
    });
    expect(created.status).toBe(201);
    const code = created.body.gameCode;
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
    expect(created.body.game).toMatchObject({
      status: "waiting",
      betAmount: 50,
      gameWaitingTime: 5,
    });
    expect((await balancesOf(server, alice.token)).main).toBe(50);

    const entry = await server.call("GET", `/api/instant/game/by/${table}`);
    expect(entry.body).toMatchObject({
      players: 1,
      code,
      side: "H",
      status: "waiting",
      playerWithChoice: [{ player: alice.userId, selectedSide: "H" }],
      game: { gameWaitingTime: 5, createdAt: created.body.game.createdAt },
    });
    expect(JSON.stringify(entry.body)).not.toMatch(/seed|commitment/i);

    const room = await watchRound(server, alice.token, code);
    const coin = nextMessage(room, "coin");
    // The start notice comes right after the patch that shows its startsAt; no patch shows the
    // join in flight (the machine's state stays `waiting` until the seat is taken).
    const notice = nextMessage<{ startsAt: number }>(room, "startNotice").then((message) => ({
      told: message.startsAt,
      shown: room.state.startsAt,
    }));
    const phases: string[] = [];
    room.onStateChange((state) => phases.push(state.phase));
    const joined = await server.call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code, clientSeed: seed() },
    });
    expect(joined.status).toBe(200);
    const { told, shown } = await notice;
    expect(shown).toBe(told);
    expect(joined.body.game.playerWithChoice).toEqual([
      { player: alice.userId, selectedSide: "H" },
      { player: bob.userId, selectedSide: "T" },
    ]);
    const result = await coin;
    expect(phases).not.toContain("joining");
    const winner = result.coin === "H" ? alice : bob;
    const loser = winner === alice ? bob : alice;
    expect(result.winner).toBe(winner.userId);
    expect(result.payout).toBe(90);
    expect((await balancesOf(server, winner.token)).main).toBe(140);
    expect((await balancesOf(server, loser.token)).main).toBe(50);
    expect(result.game.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    await room.leave();

    const after = await server.call("GET", `/api/game/coin-flip/get/${code}`);
    expect(after.body.status).toBe("finished");
    expect(after.body.fairness.outcome).toBe(result.coin);
    const byCode = await server.call("GET", `/api/game/round/${code}`);
    expect(byCode.body).toEqual({ game: "coin-flip", round: after.body });

    // Recovery repeating the steps (settle twice at once, a late expiry) moves no money.
    const rounds = server.platform.coinFlipRounds;
    const round = (await rounds.registry.byCode(code))!;
    const again = await Promise.all([rounds.settle(round), rounds.settle(round)]);
    expect(again.map((r) => r.outcome)).toEqual([result.coin, result.coin]);
    await rounds.expire(round);
    expect((await balancesOf(server, winner.token)).main).toBe(140);
    expect((await balancesOf(server, loser.token)).main).toBe(50);
    const stream = await server.platform.store.readStream(`round-${round.roundId}`);
    expect(stream.filter((e) => e.type === "RoundSettled")).toHaveLength(1);
    expect(stream.filter((e) => e.type === "RoundCancelled")).toHaveLength(0);
    expect((await rounds.registry.byCode(code))!.status).toBe("finished");
  });

  it("a refunded round cannot be settled afterwards, nor its registry row turned over", async () => {
    const alice = await fundedPlayer(server, 20_00);
    const created = await server.call("POST", "/api/game/private/create", {
      token: alice.token,
      body: { gameType: "coin-flip", betAmount: 5, selectedSide: "H", clientSeed: seed() },
    });
    const rounds = server.platform.coinFlipRounds;
    const round = (await rounds.registry.byCode(created.body.gameCode))!;
    await rounds.expire(round);
    await expect(rounds.settle(round)).rejects.toThrow("This game is over.");
    expect((await rounds.registry.byCode(round.code))!.status).toBe("expired");
    expect(await balancesOf(server, alice.token)).toEqual({ main: 20, bonus: 0 });
  });
});
