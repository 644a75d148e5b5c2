import { auditLedger } from "@igp/projections";
import { balancesOf, fundedPlayer } from "@igp/test-support/games.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { buyTicket, createLottery, drawingOver, inMinutes } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Lotteries under concurrency: many buyers at once, buyers racing the drawing and the out date. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  // A short notice and reveal: Finish answers once the drawing is recorded.
  server = await startTestServer({
    env: { GAME_START_NOTICE_MS: "200", LOTTERY_REVEAL_EVERY_MS: "100" },
  });
  admin = (await signInSuperAdmin(server)).token;
});
afterAll(() => server.stop());

type Player = Awaited<ReturnType<typeof fundedPlayer>>;
const players = (count: number, minor: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => fundedPlayer(server, minor, 0, `Buyer ${i + 1}`)),
  );
const totalOf = async (list: Player[]) => {
  let total = 0;
  for (const player of list) {
    const { main, bonus } = await balancesOf(server, player.token);
    total += Math.round((main + bonus) * 100);
  }
  return total;
};
const roundEvents = async (roundId: string) =>
  (await server.platform.store.readStream(`round-${roundId}`)).map((e) => e.type);
const roundIdOf = async (code: string) =>
  (await server.call("GET", `/api/game/lottery/fair/${code}`)).body.roundId as string;

describe("a lottery under concurrency", () => {
  it("200 concurrent purchases: 200 unique numbers, 200 debits, nothing else", async () => {
    const lottery = await createLottery(server, { betAmount: 2 });
    const buyers = await players(40, 20_00);
    const bought = await Promise.all(
      buyers.flatMap((buyer) =>
        Array.from({ length: 5 }, () => buyTicket(server, buyer.token, lottery.code)),
      ),
    );
    expect(bought.map((r) => r.status)).toEqual(Array(200).fill(201));
    const numbers = bought.map((r) => r.body.myLotteryNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const buyer of buyers)
      expect(await balancesOf(server, buyer.token)).toEqual({ main: 10, bonus: 0 });
    const events = await roundEvents(await roundIdOf(lottery.code));
    expect(events.filter((t) => t === "StakeReceived")).toHaveLength(200);
    expect(events.filter((t) => t !== "StakeReceived")).toEqual(["RoundOpened"]);
  });

  it("purchases racing the drawing: each holds a ticket that took part, or was refused without charge", async () => {
    const lottery = await createLottery(server, { betAmount: 1, winAmount: 100, prizes: "50, 20" });
    const buyers = await players(30, 10_00);
    const before = await totalOf(buyers);
    const purchases = buyers.flatMap((buyer, i) =>
      Array.from({ length: 4 }, (_, j) =>
        new Promise((resolve) => setTimeout(resolve, (i * 4 + j) % 40)).then(() =>
          buyTicket(server, buyer.token, lottery.code),
        ),
      ),
    );
    const drawing = new Promise((resolve) => setTimeout(resolve, 15)).then(() =>
      server.call("POST", "/api/games/lottery/finish", {
        token: admin,
        body: { code: lottery.code },
      }),
    );
    const [drawn, ...results] = await Promise.all([drawing, ...purchases]);
    expect(drawn.status).toBe(200);
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    for (const r of refused) expect(r.status).toBe(409);
    // The proof is public once the room has revealed the drawing (lottery-reveal.ts).
    const proof = () => server.call("GET", `/api/game/lottery/fair/${lottery.code}`);
    await expect.poll(async () => (await proof()).body.serverSeed).not.toBeNull();
    const fair = (await proof()).body;
    const drawnAmong = fair.tickets
      .map((t: { number: number }) => t.number)
      .sort((a: number, b: number) => a - b);
    expect(drawnAmong).toEqual(accepted.map((r) => r.body.myLotteryNumber).sort((a, b) => a - b));
    const prizes = drawn.body.winners.reduce(
      (sum: number, w: { amount: number | null }) => sum + Math.round((w.amount ?? 0) * 100),
      0,
    );
    expect(await totalOf(buyers)).toBe(before - accepted.length * 100 + prizes);
    const report = await auditLedger(server.platform.store, server.platform.database.pool);
    expect(report.problems).toEqual([]);
  });

  it("the out date passing while purchases are in flight: a ticket is held or refused without charge", async () => {
    const lottery = await createLottery(server, { betAmount: 1 });
    const buyers = await players(20, 10_00);
    const before = await totalOf(buyers);
    const soon = new Date(Date.now() + 1_000).toISOString();
    const moved = await server.call("POST", "/api/games/lottery/update-date", {
      token: admin,
      body: { code: lottery.code, outDate: soon },
    });
    expect(moved.status).toBe(200);
    const results = await Promise.all(
      buyers.flatMap((buyer, i) =>
        Array.from({ length: 5 }, (_, j) =>
          // Spread over the 2 s around the out date (whatever the machine's load made of the wait).
          new Promise((resolve) =>
            setTimeout(resolve, Date.parse(soon) - Date.now() - 1_000 + ((i * 5 + j) % 50) * 40),
          ).then(() => buyTicket(server, buyer.token, lottery.code)),
        ),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    // Refused as closed, or as drawn once the drawing (by itself at the out date) is done.
    for (const r of refused) expect(r.body.message).toMatch(/no longer sells tickets|been drawn/);
    // The drawing at the out date counts exactly the tickets that were accepted.
    const fairOf = async () =>
      (await server.call("GET", `/api/game/lottery/fair/${lottery.code}`)).body;
    await expect.poll(async () => (await fairOf()).serverSeed, { timeout: 20_000 }).toBeTruthy();
    const fair = await fairOf();
    expect(fair.tickets).toHaveLength(accepted.length);
    const { winners } = (await server.call("GET", `/api/game/lottery/get/${lottery.code}`)).body;
    const prizes = winners.reduce(
      (sum: number, winner: { amount: number | null }) =>
        sum + Math.round((winner.amount ?? 0) * 100),
      0,
    );
    expect(await totalOf(buyers)).toBe(before - accepted.length * 100 + prizes);
  });

  it("two drawings at once: one draws, the other is refused; prizes are paid once", async () => {
    const lottery = await createLottery(server, { betAmount: 1, winAmount: 100, prizes: "50" });
    const [buyer] = await players(1, 10_00);
    await buyTicket(server, buyer!.token, lottery.code);
    await buyTicket(server, buyer!.token, lottery.code);
    const draws = await Promise.all(
      [1, 2, 3].map(() =>
        server.call("POST", "/api/games/lottery/finish", {
          token: admin,
          body: { code: lottery.code },
        }),
      ),
    );
    expect(draws.map((d) => d.status).sort()).toEqual([200, 409, 409]);
    // Paid once the room has revealed the winners.
    await drawingOver(server, lottery.code);
    expect(await balancesOf(server, buyer!.token)).toEqual({ main: 8 + 150, bonus: 0 });
  });

  it("a lottery's refusal for a sale after its out date leaves nothing half done (no new end date later)", async () => {
    const lottery = await createLottery(server, { outDate: inMinutes(30) });
    const refused = await server.call("POST", "/api/games/lottery/update-date", {
      token: admin,
      body: { code: lottery.code, outDate: "garbage" },
    });
    expect(refused.status).toBe(400);
    const view = await server.call("GET", `/api/game/lottery/get/${lottery.code}`);
    expect(view.body.outDate).toBe(lottery.outDate);
  });
});
