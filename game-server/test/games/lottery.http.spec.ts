import { auditLedger } from "@igp/projections";
import { eventually } from "@igp/test-support/agents.ts";
import { balancesOf, fundedPlayer, nextMessage, playerChannel } from "@igp/test-support/games.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { pngImage } from "@igp/test-support/images.ts";
import {
  buyTicket,
  createLottery,
  drawingOver,
  inMinutes,
  lotteryForm,
} from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Lotteries over real HTTP: the back office's side, tickets, the drawing, bad input. */
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

const housePrizes = async () =>
  (await auditLedger(server.platform.store, server.platform.database.pool)).house;
const draw = (code: string) =>
  server.call("POST", "/api/games/lottery/finish", { token: admin, body: { code } });

describe("creating a lottery", () => {
  it("commits the server seed's hash and lists the lottery for players and the back office", async () => {
    const lottery = await createLottery(server, { title: "Meskel Lottery", prizes: "500, Phone" });
    expect(lottery).toMatchObject({
      type: "lottery",
      title: "Meskel Lottery",
      betAmount: 10,
      winAmount: 1000,
      status: "open",
      ticketsSold: 0,
      serverSeed: null,
      prizeList: [
        { place: 1, label: "1000", amount: 1000 },
        { place: 2, label: "500", amount: 500 },
        { place: 3, label: "Phone", amount: null },
      ],
    });
    expect(lottery.commitment).toMatch(/^[0-9a-f]{64}$/);
    const listed = await server.call("GET", "/api/game/lottery/list");
    expect(listed.body.map((l: { code: string }) => l.code)).toContain(lottery.code);
    const banner = await server.call("GET", lottery.image);
    expect(banner.status).toBe(200);
    const games = await server.call("GET", "/api/games/all?page=1", { token: admin });
    const entry = games.body.games.find((g: { code: string }) => g.code === lottery.code);
    expect(entry).toMatchObject({
      type: "lottery",
      title: "Meskel Lottery",
      outDate: lottery.outDate,
    });
  });

  it.each([
    [{ betAmount: "0" }, 400, "Please enter a valid bet amount!"],
    [{ betAmount: "abc" }, 400, "Please enter a valid bet amount!"],
    [{ betAmount: "" }, 400, "Please enter a valid bet amount!"],
    [{ title: "" }, 400, "Please fill all the lottery fields!"],
    [{ winAmount: "0.5" }, 400, "The win amount must be a number of at least 1."],
    [{ outDate: "" }, 400, "Please fill all the lottery fields!"],
    [{ outDate: "not a date" }, 400, "The end date is not a valid date."],
    [{ outDate: inMinutes(-5) }, 400, "The end date must be in the future."],
    [{ prizes: " , ," }, 400, "Please list at least one prize, separated by commas."],
  ])("refuses %j with its message and creates nothing", async (fields, status, message) => {
    const before = await server.call("GET", "/api/games/all?page=1", { token: admin });
    const refused = await server.call("POST", "/api/games/lottery/create", {
      token: admin,
      body: lotteryForm(fields, await pngImage()),
    });
    expect(refused.status).toBe(status);
    expect(refused.body.message).toBe(message);
    const after = await server.call("GET", "/api/games/all?page=1", { token: admin });
    expect(after.body.totalPages).toBe(before.body.totalPages);
    expect(after.body.games.length).toBe(before.body.games.length);
  });

  it("refuses a missing banner, a banner that is not an image and one over 5 MB", async () => {
    const missing = await server.call("POST", "/api/games/lottery/create", {
      token: admin,
      body: lotteryForm({}, null),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Please fill all the lottery fields!");
    const text = await server.call("POST", "/api/games/lottery/create", {
      token: admin,
      body: lotteryForm({}, Buffer.from("not an image at all")),
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe("Only PNG, JPEG, GIF or WebP images are accepted.");
    const huge = await server.call("POST", "/api/games/lottery/create", {
      token: admin,
      body: lotteryForm({}, Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
    });
    expect(huge.status).toBe(413);
  });

  it("is for the superAdmin only", async () => {
    const player = await fundedPlayer(server, 100_00);
    const refused = await server.call("POST", "/api/games/lottery/create", {
      token: player.token,
      body: lotteryForm({}, await pngImage()),
    });
    expect(refused.status).toBe(403);
  });
});

describe("tickets and the drawing", () => {
  it("sells numbered tickets, draws winners among them and pays money prizes from the house", async () => {
    const lottery = await createLottery(server, {
      betAmount: 10,
      winAmount: 1000,
      prizes: "500, Phone",
    });
    const alice = await fundedPlayer(server, 100_00, 5_00, "Alice Tadesse");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Girma");
    const bought = await buyTicket(server, alice.token, lottery.code);
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({
      status: "ok",
      message: "Ticket purchased successfully!",
      betAmount: 10,
      myLotteryNumber: 1,
      // Bonus first (5), then main (5).
      mainBalance: 95,
      bonusBalance: 0,
    });
    const numbers = [1];
    for (const player of [bob, alice, bob]) {
      const next = await buyTicket(server, player.token, lottery.code);
      expect(next.status).toBe(201);
      numbers.push(next.body.myLotteryNumber);
    }
    expect(numbers).toEqual([1, 2, 3, 4]);
    const before = await housePrizes();

    const drawn = await draw(lottery.code);
    expect(drawn.status).toBe(200);
    expect(drawn.body.status).toBe("drawn");
    expect(drawn.body.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const winners = drawn.body.winners;
    expect(winners.map((w: { place: number }) => w.place)).toEqual([1, 2, 3]);
    expect(
      new Set(winners.map((w: { winnerLotteryNumber: number }) => w.winnerLotteryNumber)).size,
    ).toBe(3);
    const aliceTickets = [1, 3];
    const won = (tickets: number[]) =>
      winners
        .filter(
          (w: { winnerLotteryNumber: number; amount: number | null }) =>
            tickets.includes(w.winnerLotteryNumber) && w.amount !== null,
        )
        .reduce((sum: number, w: { amount: number }) => sum + w.amount, 0);
    // Paid once the room has revealed every winner.
    await drawingOver(server, lottery.code);
    expect(await balancesOf(server, alice.token)).toEqual({
      main: 85 + won(aliceTickets),
      bonus: 0,
    });
    expect(await balancesOf(server, bob.token)).toEqual({ main: 80 + won([2, 4]), bonus: 0 });
    // The global order shows the drawing once no earlier transaction is in flight (in any
    // database of the cluster: the other test files' too).
    await expect
      .poll(async () => (await housePrizes()).prizesPaid - before.prizesPaid)
      .toBe(1_500_00);
    const after = await housePrizes();
    // The house took the 40 of tickets and paid 1,000 + 500; the phone is an award.
    expect(after.balance - before.balance).toBe(40_00 - 1_500_00);
    expect(after.prizesPaid - before.prizesPaid).toBe(1_500_00);

    // Players see their tickets and what each won; the fairness proof re-runs the drawing.
    const mine = await eventually(
      () =>
        server.call("GET", `/api/game/lottery/tickets?code=${lottery.code}`, {
          token: alice.token,
        }),
      (r) =>
        r.body.length === 2 &&
        r.body.every((t: { lotteryStatus: string }) => t.lotteryStatus === "drawn"),
    );
    expect(mine.body.map((t: { myLotteryNumber: number }) => t.myLotteryNumber).sort()).toEqual(
      aliceTickets,
    );
    const fair = await server.call("GET", `/api/game/lottery/fair/${lottery.code}`);
    expect(fair.body.tickets.map((t: { number: number }) => t.number)).toEqual([1, 2, 3, 4]);
    expect(fair.body.winners).toEqual(
      winners.map((w: { winnerLotteryNumber: number }) => w.winnerLotteryNumber),
    );
    const report = await auditLedger(server.platform.store, server.platform.database.pool);
    expect(report.problems).toEqual([]);
  });

  it("a purchase repeated with its Idempotency-Key holds one ticket and charges once, even racing itself", async () => {
    const lottery = await createLottery(server, { betAmount: 5 });
    const player = await fundedPlayer(server, 50_00);
    const buy = (key: string) =>
      server.call("POST", "/api/game/lottery/buy/ticket", {
        token: player.token,
        body: { code: lottery.code },
        headers: { "idempotency-key": key },
      });
    const first = await buy("ticket-key-1");
    const again = await buy("ticket-key-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // The same key sent twice at once: one ticket, whichever answers.
    const racing = await Promise.all([buy("ticket-key-2"), buy("ticket-key-2")]);
    const numbers = racing.filter((r) => r.status === 201).map((r) => r.body.myLotteryNumber);
    expect(new Set(numbers).size).toBe(1);
    for (const r of racing) if (r.status !== 201) expect(r.status).toBe(409);
    expect(await balancesOf(server, player.token)).toEqual({ main: 40, bonus: 0 });
    // Two tickets in the player's list (the projection follows the ledger).
    await expect
      .poll(
        async () =>
          (
            await server.call("GET", `/api/game/lottery/tickets?code=${lottery.code}`, {
              token: player.token,
            })
          ).body.length,
      )
      .toBe(2);
  });

  it("tells every ticket holder live: their tickets and the winners (the lottery message)", async () => {
    const lottery = await createLottery(server, { title: "Live Lottery", prizes: "Phone" });
    const holder = await fundedPlayer(server, 50_00);
    const other = await fundedPlayer(server, 50_00);
    await buyTicket(server, holder.token, lottery.code);
    await buyTicket(server, other.token, lottery.code);
    await buyTicket(server, holder.token, lottery.code);
    const channel = await playerChannel(server, holder);
    const told = nextMessage(channel, "lottery");
    const drawn = await draw(lottery.code);
    const message = await told;
    expect(message).toEqual({
      code: lottery.code,
      title: "Live Lottery",
      tickets: [{ myLotteryNumber: 1 }, { myLotteryNumber: 3 }],
      // The admin's view adds who won; the players' message does not.
      winners: drawn.body.winners.map(
        ({ player: _, fullName: __, ...winner }: Record<string, unknown>) => winner,
      ),
    });
    await channel.leave();
  });

  it("refuses a second drawing, a sale after it, and a new end date for it; nothing is charged", async () => {
    const lottery = await createLottery(server);
    const player = await fundedPlayer(server, 50_00);
    await buyTicket(server, player.token, lottery.code);
    expect((await draw(lottery.code)).status).toBe(200);
    const again = await draw(lottery.code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This lottery has already been drawn.");
    const late = await buyTicket(server, player.token, lottery.code);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This lottery has already been drawn.");
    const moved = await server.call("POST", "/api/games/lottery/update-date", {
      token: admin,
      body: { code: lottery.code, outDate: inMinutes(120) },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe("This lottery has already been drawn.");
    const balances = await balancesOf(server, player.token);
    expect(balances.main + balances.bonus).toBeGreaterThanOrEqual(40);
  });

  it("fewer tickets than prizes: each ticket wins once, the rest stay unawarded; no tickets: no winner", async () => {
    const lottery = await createLottery(server, { prizes: "500, 200, 100" });
    const player = await fundedPlayer(server, 50_00);
    await buyTicket(server, player.token, lottery.code);
    await buyTicket(server, player.token, lottery.code);
    const drawn = await draw(lottery.code);
    expect(drawn.body.winners.map((w: { place: number }) => w.place)).toEqual([1, 2]);
    await drawingOver(server, lottery.code);
    expect(await balancesOf(server, player.token)).toEqual({ main: 30 + 1000 + 500, bonus: 0 });
    const empty = await createLottery(server);
    const none = await draw(empty.code);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ status: "drawn", winners: [] });
  });

  it("refuses buying with too little money, an unknown lottery and another player's id", async () => {
    const lottery = await createLottery(server, { betAmount: 25 });
    const poor = await fundedPlayer(server, 10_00);
    const short = await buyTicket(server, poor.token, lottery.code);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe("Insufficient balance to buy this ticket.");
    expect(await balancesOf(server, poor.token)).toEqual({ main: 10, bonus: 0 });
    const unknown = await buyTicket(server, poor.token, "ABCDEFGH");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Lottery not found.");
    const malformed = await buyTicket(server, poor.token, "x");
    expect(malformed.status).toBe(400);
    const other = await server.call("POST", "/api/game/lottery/buy/ticket", {
      token: poor.token,
      body: { code: lottery.code, userId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(other.status).toBe(403);
    const anonymous = await server.call("POST", "/api/game/lottery/buy/ticket", {
      body: { code: lottery.code },
    });
    expect(anonymous.status).toBe(401);
  });

  it("moves the end date into the future only; at the out date sales close and it is drawn by itself", async () => {
    const lottery = await createLottery(server);
    const past = await server.call("POST", "/api/games/lottery/update-date", {
      token: admin,
      body: { code: lottery.code, outDate: inMinutes(-1) },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("The end date must be in the future.");
    const soon = new Date(Date.now() + 1_500).toISOString();
    const moved = await server.call("POST", "/api/games/lottery/update-date", {
      token: admin,
      body: { code: lottery.code, outDate: soon },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.outDate).toBe(soon);
    const player = await fundedPlayer(server, 50_00);
    expect((await buyTicket(server, player.token, lottery.code)).status).toBe(201);
    // No admin presses Finish: the drawing starts by itself once the out date has passed.
    const lotteryNow = async () =>
      (await server.call("GET", `/api/game/lottery/get/${lottery.code}`)).body;
    await expect.poll(async () => (await lotteryNow()).status, { timeout: 20_000 }).toBe("drawn");
    const drawn = await lotteryNow();
    expect(
      drawn.winners.map((w: { winnerLotteryNumber: number }) => w.winnerLotteryNumber),
    ).toEqual([1]);
    const late = await buyTicket(server, player.token, lottery.code);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This lottery has already been drawn.");
    expect(await balancesOf(server, player.token)).toEqual({ main: 40 + 1000, bonus: 0 });
    const listed = await server.call("GET", "/api/game/lottery/list");
    expect(listed.body.map((l: { code: string }) => l.code)).not.toContain(lottery.code);
    expect(
      (
        await server.call("POST", "/api/games/lottery/finish", {
          token: admin,
          body: { code: lottery.code },
        })
      ).status,
    ).toBe(409);
  });

  it("deleting a lottery that sold tickets refunds every ticket exactly once; a drawn one stays", async () => {
    const lottery = await createLottery(server);
    const player = await fundedPlayer(server, 50_00, 10_00);
    await buyTicket(server, player.token, lottery.code);
    await buyTicket(server, player.token, lottery.code);
    expect(await balancesOf(server, player.token)).toEqual({ main: 40, bonus: 0 });
    const deleted = await server.call("DELETE", `/api/games/${lottery.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await balancesOf(server, player.token)).toEqual({ main: 50, bonus: 10 });
    const again = await server.call("DELETE", `/api/games/${lottery.id}`, { token: admin });
    expect(again.status).toBe(404);
    expect(await balancesOf(server, player.token)).toEqual({ main: 50, bonus: 10 });
    const drawnLottery = await createLottery(server);
    await draw(drawnLottery.code);
    const refused = await server.call("DELETE", `/api/games/${drawnLottery.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A drawn lottery cannot be deleted.");
  });
});
