import { randomUUID } from "node:crypto";
import type { JsonValue } from "@igp/ledger";
import { GAME_FILTER_INVALID, PAGE_INVALID } from "@igp/shared";
import { eventually } from "@igp/test-support/agents.ts";
import { fundedPlayer, seed } from "@igp/test-support/games.ts";
import { signUpPlayer, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { ctx } from "@igp/test-support/ledger.ts";
import { buyTicket, createLottery } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The profile's Game History over real HTTP, from the projection of real round streams. */
let server: TestServer;
/** A lottery's winners are revealed this far apart: long enough to read the history mid-reveal. */
const REVEAL_EVERY_MS = 6_000;
beforeAll(async () => {
  server = await startTestServer({
    env: { GAME_START_NOTICE_MS: "200", LOTTERY_REVEAL_EVERY_MS: String(REVEAL_EVERY_MS) },
  });
});
afterAll(() => server.stop());

const history = (token: string, query = "") =>
  server.call("GET", `/api/game/history${query}`, { token });

/** A round written straight to the ledger at a given time: opened, one stake, maybe settled. */
async function playedRound(
  userId: string,
  game: "coin-flip" | "spin-wheel",
  at: Date,
  settle: boolean,
) {
  const ledger = server.platform.ledger;
  const roundId = randomUUID();
  const when = { ...ctx("user", userId), at: at.toISOString() };
  const code = `R${roundId.replaceAll("-", "").slice(0, 7).toUpperCase()}`;
  await ledger.rounds.open(
    { roundId, game, betAmount: 1_00, cutBasisPoints: 1_000, details: { code } },
    when,
  );
  const selection: Record<string, JsonValue> =
    game === "coin-flip" ? { side: "T", seats: ["T"] } : { numbers: [2, 5] };
  const amount = game === "coin-flip" ? 1_00 : 2_00;
  await ledger.rounds.placeStake(
    { userId, roundId, stakeId: randomUUID(), amount, selection },
    when,
  );
  if (settle) await ledger.rounds.settle(roundId, [{ userId, amount: amount - 10 }], [], when);
  return code;
}

describe("GET /api/game/history", () => {
  it("lists a coin flip played over HTTP for each of its two players, exactly", async () => {
    const alice = await fundedPlayer(server, 50_00);
    const bob = await fundedPlayer(server, 50_00);
    const created = await server.call("POST", "/api/game/private/create", {
      token: alice.token,
      body: { gameType: "coin-flip", betAmount: 12.5, selectedSide: "H", clientSeed: seed() },
    });
    const code = created.body.gameCode as string;
    const joined = await server.call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code, clientSeed: seed() },
    });
    expect(joined.status).toBe(200);
    const settled = (token: string) =>
      eventually(
        () => history(token),
        (r) => Boolean(r.body.history?.[0]?.settledAt),
      );
    const [mine, theirs] = [(await settled(alice.token)).body, (await settled(bob.token)).body];
    const round = await server.call("GET", `/api/game/coin-flip/get/${code}`);
    const aliceWon = round.body.fairness.outcome === "H";

    expect(mine).toMatchObject({ status: "ok", currentPage: 1, totalPages: 1 });
    expect(mine.history).toEqual([
      {
        roundId: round.body.fairness.roundId,
        game: "coin-flip",
        code,
        side: "H",
        numbers: [],
        tickets: [],
        stake: 12.5,
        outcome: aliceWon ? "won" : "lost",
        // 25 in the pot, 10% to the house.
        payout: aliceWon ? 22.5 : 0,
        refunded: 0,
        places: [],
        playedAt: expect.any(String),
        settledAt: expect.any(String),
      },
    ]);
    expect(theirs.history).toEqual([
      expect.objectContaining({
        code,
        side: "T",
        stake: 12.5,
        outcome: aliceWon ? "lost" : "won",
        payout: aliceWon ? 0 : 22.5,
      }),
    ]);
  });

  it("shows a player only its own rounds, newest first, 20 a page, one game when asked", async () => {
    const carol = await signUpPlayer(server);
    const dave = await signUpPlayer(server);
    await server.platform.ledger.bonuses.grant(
      carol.userId,
      randomUUID(),
      100_00,
      ctx("superAdmin"),
    );
    await server.platform.ledger.bonuses.grant(
      dave.userId,
      randomUUID(),
      100_00,
      ctx("superAdmin"),
    );
    const start = Date.now() - 3_600_000;
    const codes: string[] = [];
    for (let i = 0; i < 25; i++) {
      const game = i % 5 === 0 ? "spin-wheel" : "coin-flip";
      codes.push(await playedRound(carol.userId, game, new Date(start + i * 60_000), i < 24));
    }
    const daves = await playedRound(dave.userId, "coin-flip", new Date(start + 30_000), true);
    const newestFirst = [...codes].reverse();

    const first = await eventually(
      () => history(carol.token),
      (r) => r.body.history?.[0]?.code === newestFirst[0],
    );
    expect(first.body).toMatchObject({ currentPage: 1, totalPages: 2 });
    expect(first.body.history.map((e: { code: string }) => e.code)).toEqual(
      newestFirst.slice(0, 20),
    );
    expect(first.body.history[0]).toMatchObject({ outcome: "open", payout: 0, settledAt: null });
    expect(first.body.history[1]).toMatchObject({ outcome: "won", stake: 1, payout: 0.9 });
    const second = await history(carol.token, "?page=2");
    expect(second.body.history.map((e: { code: string }) => e.code)).toEqual(newestFirst.slice(20));
    expect((await history(carol.token, "?page=3")).body).toMatchObject({
      history: [],
      currentPage: 3,
      totalPages: 2,
    });

    const spins = await history(carol.token, "?game=spin-wheel");
    expect(spins.body.totalPages).toBe(1);
    expect(spins.body.history.map((e: { code: string }) => e.code)).toEqual(
      newestFirst.filter((_, i) => (24 - i) % 5 === 0),
    );
    expect(spins.body.history[0]).toMatchObject({ numbers: [2, 5], side: null, stake: 2 });
    expect((await history(carol.token, "?game=lottery")).body.history).toEqual([]);

    const his = await eventually(
      () => history(dave.token),
      (r) => r.body.history?.length === 1,
    );
    expect(his.body.history.map((e: { code: string }) => e.code)).toEqual([daves]);
  });

  it("tells a lottery's result only once its room has revealed the drawing", async () => {
    const winner = await fundedPlayer(server, 50_00);
    const lottery = await createLottery(server, { betAmount: 10, winAmount: 1000 });
    expect((await buyTicket(server, winner.token, lottery.code)).status).toBe(201);
    const finished = await server.call("POST", "/api/games/lottery/finish", {
      token: lottery.adminToken,
      body: { code: lottery.code },
    });
    expect(finished.status).toBe(200);
    const pool = server.platform.database.pool;
    // The drawing is recorded: the room is revealing it, and pays the prize once it has.
    const drawn = await eventually(
      async () =>
        (
          await pool.query(
            `SELECT drawn_at, jsonb_array_length(winners) AS winners FROM lotteries WHERE code = $1`,
            [lottery.code],
          )
        ).rows[0],
      (row) => row?.drawn_at != null,
    );
    expect(drawn).toMatchObject({ winners: 1 });
    const revealEnds = drawn.drawn_at.getTime() + REVEAL_EVERY_MS;
    const midReveal = await history(winner.token, "?game=lottery");
    // Answered before the reveal ended, so the server judged it mid-reveal.
    expect(Date.now()).toBeLessThan(revealEnds);
    expect(midReveal.body.history).toEqual([
      expect.objectContaining({
        code: lottery.code,
        outcome: "open",
        payout: 0,
        places: [],
        tickets: [1],
        settledAt: null,
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, revealEnds - Date.now() + 50));
    const after = await eventually(
      () => history(winner.token, "?game=lottery"),
      (answer) => answer.body.history[0]?.outcome === "won",
    );
    expect(after.body.history).toEqual([
      expect.objectContaining({ code: lottery.code, outcome: "won", payout: 1000, places: [1] }),
    ]);
  });

  it("refuses bad query parameters with 400 and the reason, and strangers with 401", async () => {
    const player = await signUpPlayer(server);
    for (const query of ["?page=0", "?page=abc", "?page=1.5", "?page=-2"]) {
      const answer = await history(player.token, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toBe(PAGE_INVALID);
    }
    for (const query of ["?game=poker", "?game=", "?game=coin-flip&game=lottery"]) {
      const answer = await history(player.token, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toBe(GAME_FILTER_INVALID);
    }
    expect((await server.call("GET", "/api/game/history")).status).toBe(401);
    expect((await history("not-a-token")).status).toBe(401);
  });
});
