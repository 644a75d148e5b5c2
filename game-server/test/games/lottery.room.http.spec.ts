import { Client, type Room } from "@colyseus/sdk";
import { ROOMS } from "@igp/shared";
import {
  balancesOf,
  fundedPlayer,
  nextMessage,
  playerChannel,
  sdkClient,
} from "@igp/test-support/games.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { buyTicket, createLottery, inMinutes } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The `lottery` room over a real server and real SDK clients: anyone watches, tickets sold
 * follow the HTTP purchases, sales close at the end date by themselves (or at an admin's
 * Finish), `drawingSoon` a notice before the drawing, the winners revealed one by one (`mine`
 * for the holder alone), `drawn`, then the holders' `lottery` message; a delete is `cancelled`.
 */
const NOTICE_MS = 1_000;
const REVEAL_MS = 700;
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({
    env: { GAME_START_NOTICE_MS: String(NOTICE_MS), LOTTERY_REVEAL_EVERY_MS: String(REVEAL_MS) },
  });
  admin = (await signInSuperAdmin(server)).token;
});
afterAll(() => server.stop());

type Winner = { place: number; ticket: number; label: string; amount: number; mine?: boolean };
type State = {
  phase: string;
  ticketsSold: number;
  outDate: number;
  drawAt: number;
  places: number;
  revealed: Winner[];
  serverSeed: string;
  commitment: string;
};
const stateOf = (room: Room) => (room.state as { toJSON(): State }).toJSON();
const anonymous = (code: string) => new Client(server.url).joinById(code);
/** Every `winner` message a watcher gets, in order. */
function winnersSeen(room: Room) {
  const seen: Winner[] = [];
  room.onMessage("winner", (winner: Winner) => seen.push(winner));
  return seen;
}
const closedAt = async (code: string) =>
  (
    await server.platform.database.pool.query("SELECT closed_at FROM lotteries WHERE code = $1", [
      code,
    ])
  ).rows[0].closed_at.getTime() as number;

/** What the API tells anyone of a lottery (and a holder of their tickets). */
async function publicViews(code: string, holderToken: string) {
  const [view, fair, tickets] = await Promise.all([
    server.call("GET", `/api/game/lottery/get/${code}`),
    server.call("GET", `/api/game/lottery/fair/${code}`),
    server.call("GET", `/api/game/lottery/tickets?code=${code}`, { token: holderToken }),
  ]);
  return { view: view.body, fair: fair.body, tickets: tickets.body };
}

describe("watching a lottery", () => {
  it("anyone sees tickets sold, the end date closing sales, the countdown, each winner and the result", {
    timeout: 60_000,
  }, async () => {
    const lottery = await createLottery(server, { betAmount: 5, prizes: "500, 200, Phone" });
    const holder = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    const other = await fundedPlayer(server, 100_00, 0, "Bob Girma");
    const watcher = await anonymous(lottery.code);
    const holderRoom = await sdkClient(server, holder.token).joinById(lottery.code);
    const otherRoom = await sdkClient(server, other.token).joinById(lottery.code);
    await expect.poll(() => stateOf(watcher).phase).toBe("onSale");
    expect(stateOf(watcher)).toMatchObject({
      ticketsSold: 0,
      places: 4,
      revealed: [],
      serverSeed: "",
      commitment: lottery.commitment,
    });

    // Tickets bought over HTTP show in every watcher's state.
    for (const player of [holder, other, holder, other, holder])
      expect((await buyTicket(server, player.token, lottery.code)).status).toBe(201);
    await expect.poll(() => stateOf(watcher).ticketsSold).toBe(5);
    await expect.poll(() => stateOf(holderRoom).ticketsSold).toBe(5);

    // The end date moved close: the room follows it, and closes the sales by itself.
    const soon = new Date(Date.now() + 1_500).toISOString();
    const moved = await server.call("POST", "/api/games/lottery/update-date", {
      token: admin,
      body: { code: lottery.code, outDate: soon },
    });
    expect(moved.status).toBe(200);
    await expect.poll(() => stateOf(watcher).outDate).toBe(Date.parse(soon));
    const seen = { watcher: winnersSeen(watcher), holder: winnersSeen(holderRoom) };
    const otherSeen = winnersSeen(otherRoom);
    const soonNotice = nextMessage(watcher, "drawingSoon");
    const drawnForHolder = nextMessage(holderRoom, "drawn", 40_000);
    const drawnForWatcher = nextMessage(watcher, "drawn", 40_000);
    const drawnForOther = nextMessage(otherRoom, "drawn", 40_000);
    let drawnArrived = false;
    void drawnForHolder.then(() => {
      drawnArrived = true;
    });
    const channel = await playerChannel(server, holder);
    const holderTold = nextMessage(channel, "lottery", 40_000);

    const notice = await soonNotice;
    expect(notice).toEqual({
      code: lottery.code,
      drawAt: (await closedAt(lottery.code)) + NOTICE_MS,
      message: "The drawing starts in 5 seconds.",
    });
    expect(notice.drawAt - Date.parse(soon)).toBeGreaterThanOrEqual(NOTICE_MS);
    await expect.poll(() => stateOf(watcher).drawAt).toBe(notice.drawAt);
    // Sales are closed: a late ticket is refused and moves no money.
    const before = await balancesOf(server, holder.token);
    const late = await buyTicket(server, holder.token, lottery.code);
    expect(late.status).toBe(409);
    expect(await balancesOf(server, holder.token)).toEqual(before);

    const drawn = await drawnForWatcher;
    await Promise.all([drawnForHolder, drawnForOther]);
    // One by one, the last place first; the same to everyone, `mine` for the holder alone.
    expect(seen.watcher.map((w) => w.place)).toEqual([4, 3, 2, 1]);
    const winners = seen.watcher.map(({ mine: _, ...winner }) => winner);
    expect(drawn).toEqual({ code: lottery.code, serverSeed: expect.any(String), winners });
    expect(drawn.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(seen.watcher.every((w) => w.mine === false)).toBe(true);
    const holderTickets = new Set([1, 3, 5]);
    expect(seen.holder.map((w) => w.mine)).toEqual(winners.map((w) => holderTickets.has(w.ticket)));
    expect(otherSeen.map((w) => w.mine)).toEqual(winners.map((w) => !holderTickets.has(w.ticket)));
    expect(winners.map((w) => [w.label, w.amount])).toEqual([
      ["Phone", 0],
      ["200", 200],
      ["500", 500],
      ["1000", 1000],
    ]);
    await expect.poll(() => stateOf(watcher).phase).toBe("drawn");
    expect(stateOf(watcher)).toMatchObject({ revealed: winners, serverSeed: drawn.serverSeed });

    // The holder's own channel hears of it once the reveal is over.
    const told = await holderTold;
    expect(drawnArrived).toBe(true);
    expect(told.tickets).toEqual([...holderTickets].map((n) => ({ myLotteryNumber: n })));
    const view = await server.call("GET", `/api/game/lottery/get/${lottery.code}`);
    expect(
      view.body.winners.map((w: { winnerLotteryNumber: number }) => w.winnerLotteryNumber),
    ).toEqual([...winners].reverse().map((w) => w.ticket));
    for (const room of [watcher, holderRoom, otherRoom, channel]) await room.leave();
  });

  it("a winner's balance rises only once the reveal has shown every winning ticket (paid when it ends)", {
    timeout: 60_000,
  }, async () => {
    // One holder of every ticket: each of the three places is theirs.
    const lottery = await createLottery(server, { betAmount: 1, prizes: "500, 200" });
    const holder = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    for (let i = 0; i < 3; i++)
      expect((await buyTicket(server, holder.token, lottery.code)).status).toBe(201);
    const room = await sdkClient(server, holder.token).joinById(lottery.code);
    const channel = await playerChannel(server, holder);
    // What the holder's screens hear, in order: each ball landing, each balance pushed.
    const heard: ({ winner: number } | { main: number })[] = [];
    room.onMessage("winner", (winner: Winner) => heard.push({ winner: winner.ticket }));
    channel.onMessage("balanceUpdated", (b: { mainBalance: number }) =>
      heard.push({ main: b.mainBalance }),
    );
    const firstWinner = nextMessage(room, "winner", 30_000);
    const drawn = nextMessage(room, "drawn", 30_000);
    const finished = await server.call("POST", "/api/games/lottery/finish", {
      token: admin,
      body: { code: lottery.code },
    });
    expect(finished.status).toBe(200);
    // Mid-reveal: the wallet's API and the player's history hold no prize yet.
    await firstWinner;
    expect(await balancesOf(server, holder.token)).toEqual({ main: 97, bonus: 0 });
    const history = await server.call("GET", "/api/game/history", { token: holder.token });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain('"won"');
    await drawn;
    await expect
      .poll(() => heard.some((h) => "main" in h && h.main > 97), { timeout: 10_000 })
      .toBe(true);
    // Every balance pushed before the last ball landed is the balance before the drawing; the
    // prizes (1,000 + 500 + 200) come after it, in one rise.
    const lastBall = heard.findLastIndex((h) => "winner" in h);
    const firstRise = heard.findIndex((h) => "main" in h && h.main > 97);
    expect(heard.filter((h) => "winner" in h)).toHaveLength(3);
    expect(firstRise).toBeGreaterThan(lastBall);
    expect(heard[firstRise]).toEqual({ main: 97 + 1_700 });
    expect(await balancesOf(server, holder.token)).toEqual({ main: 1_797, bonus: 0 });
    await room.leave();
    await channel.leave();
  });

  it("a watcher joining mid-drawing sees the winners revealed so far, then the rest live", {
    timeout: 60_000,
  }, async () => {
    const lottery = await createLottery(server, { betAmount: 1, prizes: "50, 20, 10, 5" });
    const buyer = await fundedPlayer(server, 50_00);
    for (let i = 0; i < 8; i++) await buyTicket(server, buyer.token, lottery.code);
    const first = await anonymous(lottery.code);
    const firstWinner = nextMessage(first, "winner", 30_000);
    const finished = server.call("POST", "/api/games/lottery/finish", {
      token: admin,
      body: { code: lottery.code },
    });
    await firstWinner;
    // The API follows the reveal: drawing, nothing of the drawing told, until the last winner.
    const during = await publicViews(lottery.code, buyer.token);
    expect(during.view).toMatchObject({ status: "drawing", winners: [], serverSeed: null });
    expect(during.fair).toMatchObject({ serverSeed: null, winners: [], tickets: [] });
    expect(during.fair.ticketsDigest).toBeNull();
    expect(during.tickets).toHaveLength(8);
    for (const ticket of during.tickets)
      expect(ticket).toMatchObject({ lotteryStatus: "drawing", prize: null });
    const late = await anonymous(lottery.code);
    const lateSeen = winnersSeen(late);
    const lateDrawn = nextMessage(late, "drawn", 30_000);
    await expect.poll(() => stateOf(late).revealed.length).toBeGreaterThan(0);
    const joinedWith = stateOf(late).revealed;
    expect(stateOf(late).phase).toMatch(/^(drawing|drawn)$/);
    const drawn = await lateDrawn;
    expect(drawn.winners.map((w: Winner) => w.place)).toEqual([5, 4, 3, 2, 1]);
    // What it joined with, then what it was sent: every winner once, in reveal order.
    expect([...joinedWith, ...lateSeen.map(({ mine: _, ...w }) => w)]).toEqual(drawn.winners);
    expect((await finished).status).toBe(200);
    // Revealed: drawn, with the winners, the seed, the tickets' proof and prizes.
    const after = await publicViews(lottery.code, buyer.token);
    expect(after.view).toMatchObject({ status: "drawn", serverSeed: drawn.serverSeed });
    const tickets = (winners: Winner[]) => winners.map((w) => w.ticket).sort();
    expect(
      after.view.winners.map((w: { winnerLotteryNumber: number }) => w.winnerLotteryNumber).sort(),
    ).toEqual(tickets(drawn.winners));
    expect(after.fair.serverSeed).toBe(drawn.serverSeed);
    expect(after.fair.tickets).toHaveLength(8);
    const won = after.tickets.filter((t: { prize: unknown }) => t.prize !== null);
    expect(won.map((t: { myLotteryNumber: number }) => t.myLotteryNumber).sort()).toEqual(
      tickets(drawn.winners),
    );
    expect(after.tickets.every((t: { lotteryStatus: string }) => t.lotteryStatus === "drawn")).toBe(
      true,
    );
    await first.leave();
    await late.leave();
  });
});

describe("an admin's steps, through the room", () => {
  it("Finish closes the sales now, counts down and draws; a second Finish is refused", {
    timeout: 60_000,
  }, async () => {
    const lottery = await createLottery(server, { outDate: inMinutes(600), prizes: "Phone" });
    const player = await fundedPlayer(server, 50_00);
    const stranger = await fundedPlayer(server, 50_00);
    await buyTicket(server, player.token, lottery.code);
    const watcher = await anonymous(lottery.code);
    // Wherever they are, the holder hears on their own channel that the drawing starts; only they.
    const [holderChannel, strangerChannel] = await Promise.all([
      playerChannel(server, player),
      playerChannel(server, stranger),
    ]);
    const holderTold = nextMessage(holderChannel, "lotteryDrawingSoon");
    const strangerTold: unknown[] = [];
    strangerChannel.onMessage("lotteryDrawingSoon", (message) => strangerTold.push(message));
    const soon = nextMessage(watcher, "drawingSoon");
    const drawn = nextMessage(watcher, "drawn", 30_000);
    const finished = await server.call("POST", "/api/games/lottery/finish", {
      token: admin,
      body: { code: lottery.code },
    });
    expect(finished.status).toBe(200);
    expect(finished.body.status).toBe("drawn");
    expect((await soon).drawAt).toBe((await closedAt(lottery.code)) + NOTICE_MS);
    expect((await drawn).winners.map((w: Winner) => w.ticket)).toEqual([1]);
    expect(await holderTold).toEqual({
      code: lottery.code,
      title: "New Year Lottery",
      drawAt: (await soon).drawAt,
    });
    // Sent to both at the same moment: the stranger's would have come long before `drawn`.
    expect(strangerTold).toEqual([]);
    await holderChannel.leave();
    await strangerChannel.leave();
    const again = await server.call("POST", "/api/games/lottery/finish", {
      token: admin,
      body: { code: lottery.code },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This lottery has already been drawn.");
    await watcher.leave();
  });

  it("deleting refunds every ticket and tells the watchers `cancelled`", async () => {
    const lottery = await createLottery(server, { betAmount: 3 });
    const player = await fundedPlayer(server, 20_00);
    await buyTicket(server, player.token, lottery.code);
    await buyTicket(server, player.token, lottery.code);
    const watcher = await sdkClient(server, player.token).joinById(lottery.code);
    const cancelled = nextMessage(watcher, "cancelled");
    const deleted = await server.call("DELETE", `/api/games/${lottery.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await cancelled).toEqual({
      code: lottery.code,
      message: "This lottery was cancelled. Every ticket was refunded.",
    });
    await expect.poll(() => stateOf(watcher).phase).toBe("deleted");
    expect(await balancesOf(server, player.token)).toEqual({ main: 20, bonus: 0 });
    const refused = await buyTicket(server, player.token, lottery.code);
    expect(refused.status).toBe(404);
    await watcher.leave();
  });
});

describe("joining a lottery room", () => {
  it("refuses an invalid token, an unknown lottery, a client creating a room, and messages", async () => {
    const lottery = await createLottery(server);
    const forged = new Client(server.url);
    forged.auth.token = "not-a-token";
    await expect(forged.joinById(lottery.code)).rejects.toMatchObject({ code: 401 });
    await expect(new Client(server.url).joinById("ZZZZZZZZ")).rejects.toMatchObject({
      code: 404,
    });
    await expect(
      new Client(server.url).create(ROOMS.lottery, { code: lottery.code }),
    ).rejects.toBeDefined();
    const created = await server.call("POST", `/matchmake/create/${ROOMS.lottery}`, {
      body: { code: lottery.code },
    });
    expect(created.status).toBe(403);
    const watcher = await anonymous(lottery.code);
    const answer = nextMessage(watcher, "error");
    watcher.send("buy", { code: lottery.code });
    expect((await answer).message).toMatch(/^Unknown message "buy"/);
    await watcher.leave();
  });
});
