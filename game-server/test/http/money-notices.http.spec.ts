import { CloseCode, type Room } from "@colyseus/sdk";
import { type MoneyNotice, moneyNoticeSchema } from "@igp/shared";
import { newTransactionId } from "@igp/test-support/deposits.ts";
import { fundedPlayer, nextMessage, playerChannel } from "@igp/test-support/games.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { buyTicket, createLottery } from "@igp/test-support/lottery.ts";
import { sleep } from "@igp/test-support/server-process.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Money notices on the player channel (docs/realtime.md `moneyNotice`), with real Colyseus
 * clients: a deposit approved or refused, a withdrawal paid or refused, a lottery won or lost,
 * each told once, with its amount, after the lists hold the decision; told again to a client
 * that reconnects after missing it.
 */
let server: TestServer;
let root: string;
beforeAll(async () => {
  server = await startTestServer({ env: { RECONNECT_GRACE_SECONDS: "10" } });
  root = (await signInSuperAdmin(server)).token;
  for (const [bankName, type] of [
    ["CBE", "deposit"],
    ["Telebirr", "withdraw"],
  ] as const) {
    const body = form(
      { bankName, type, accountNumber: "1000123456789" },
      { field: "bankLogo", bytes: await pngImage() },
    );
    expect((await server.call("POST", "/api/banks/create", { token: root, body })).status).toBe(
      201,
    );
  }
});
afterAll(() => server.stop());

/** Every `moneyNotice` a channel receives, parsed, in order. */
function collect(channel: Room) {
  const received: MoneyNotice[] = [];
  channel.onMessage("moneyNotice", (message) => received.push(moneyNoticeSchema.parse(message)));
  for (const other of ["balanceUpdated", "listsUpdated", "lottery"])
    channel.onMessage(other, () => {});
  return received;
}

async function bankDeposit(token: string, amount: number) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId: newTransactionId() },
    { field: "screenshot", bytes: await pngImage() },
  );
  const answer = await server.call("POST", "/api/wallet/deposit/request", { token, body });
  expect(answer.status).toBe(201);
  return answer.body.transactionId as string;
}

const withdraw = async (token: string, amount: number) => {
  const answer = await server.call("POST", "/api/wallet/withdraw/request", {
    token,
    body: { amount, method: "Telebirr", accountNumber: "0911223344" },
  });
  expect(answer.status).toBe(201);
  return answer.body.transaction.id as string;
};

const decide = (path: string, body: unknown = {}) =>
  server.call("POST", path, { token: root, body }).then((answer) => {
    expect(answer.status).toBe(200);
  });

describe("deposits and withdrawals", () => {
  it("tells each decision once, with its amount, when the player's lists already show it", async () => {
    const player = await signUpPlayer(server, "Hana Tesfaye");
    const channel = await playerChannel(server, player);
    const received = collect(channel);
    const mine = (kind: "deposit" | "withdraw") =>
      server.call("GET", `/api/transactions/${kind}`, { token: player.token });

    const approved = await bankDeposit(player.token, 120);
    const refused = await bankDeposit(player.token, 75.5);
    const told = nextMessage<MoneyNotice>(channel, "moneyNotice");
    await decide(`/api/admin/deposit/approve/${approved}`);
    expect(await told).toMatchObject({ kind: "depositApproved", amount: 120, method: "CBE" });
    // Read on the notice, the list shows the decision it tells.
    expect((await mine("deposit")).body.transactions).toContainEqual(
      expect.objectContaining({ id: approved, status: "approved" }),
    );
    // Each notice is listened for before the decision: it may overtake the decision's answer.
    const refusal = nextMessage<MoneyNotice>(channel, "moneyNotice");
    await decide(`/api/admin/disapprove/${refused}`);
    expect(await refusal).toMatchObject({
      kind: "depositRefused",
      amount: 75.5,
    });

    const paid = await withdraw(player.token, 50);
    const back = await withdraw(player.token, 20);
    const payment = nextMessage<MoneyNotice>(channel, "moneyNotice");
    await decide(`/api/admin/withdraw/approve/${paid}`, { paymentReference: "FT26PAID77" });
    expect(await payment).toMatchObject({
      kind: "withdrawalPaid",
      amount: 50,
      method: "Telebirr",
      reference: "FT26PAID77",
    });
    expect((await mine("withdraw")).body.transactions).toContainEqual(
      expect.objectContaining({ id: paid, status: "approved", paymentReference: "FT26PAID77" }),
    );
    const giveBack = nextMessage<MoneyNotice>(channel, "moneyNotice");
    await decide(`/api/admin/disapprove/${back}`);
    expect(await giveBack).toMatchObject({
      kind: "withdrawalRefused",
      amount: 20,
    });

    // Once per event: nothing more arrives, and no id twice.
    await sleep(1_000);
    expect(received.map((notice) => notice.kind)).toEqual([
      "depositApproved",
      "depositRefused",
      "withdrawalPaid",
      "withdrawalRefused",
    ]);
    expect(new Set(received.map((notice) => notice.id)).size).toBe(4);
    await channel.leave();
  });

  it("tells a client that reconnects the decision made while it was away", async () => {
    const player = await signUpPlayer(server, "Dawit Bekele");
    const channel = await playerChannel(server, player);
    const received = collect(channel);
    const deposit = await bankDeposit(player.token, 60);
    // The network drops; the SDK comes back by itself a while later, with the same handlers.
    Object.assign(channel.reconnection, { minUptime: 0, delay: 2_000, minDelay: 2_000 });
    channel.reconnection.backoff = () => 2_000;
    const reconnected = new Promise<void>((resolve) => channel.onReconnect(() => resolve()));
    channel.connection.close(CloseCode.MAY_TRY_RECONNECT);
    await decide(`/api/admin/deposit/approve/${deposit}`);
    await reconnected;
    await expect.poll(() => received.map((notice) => notice.kind)).toContain("depositApproved");
    expect(received.find((notice) => notice.kind === "depositApproved")).toMatchObject({
      amount: 60,
    });
    await channel.leave();
  });

  it("tells only the player whose money it is", async () => {
    const [owner, other] = [await signUpPlayer(server), await signUpPlayer(server)];
    const channel = await playerChannel(server, other);
    const received = collect(channel);
    const ownChannel = await playerChannel(server, owner);
    const told = nextMessage<MoneyNotice>(ownChannel, "moneyNotice");
    await decide(`/api/admin/deposit/approve/${await bankDeposit(owner.token, 90)}`);
    expect(await told).toMatchObject({ kind: "depositApproved", amount: 90 });
    await sleep(500);
    expect(received).toEqual([]);
    await Promise.all([channel.leave(), ownChannel.leave()]);
  });
});

describe("lotteries", () => {
  it("tells each ticket holder whether they won (the prize) or lost (the tickets' price)", async () => {
    // One place: one of the two holders wins 1,000, the other loses its two tickets.
    const lottery = await createLottery(server, {
      betAmount: 10,
      winAmount: 1000,
      prizes: "Phone",
    });
    const [alice, bob] = [
      await fundedPlayer(server, 100_00, 0, "Alice Tadesse"),
      await fundedPlayer(server, 100_00, 0, "Bob Girma"),
    ];
    for (const player of [alice, bob, bob]) await buyTicket(server, player.token, lottery.code);
    const channels = [await playerChannel(server, alice), await playerChannel(server, bob)];
    for (const channel of channels) collect(channel);
    // The lottery's notices (a deposit's approval read late by the notifier may come first).
    const told = channels.map((channel) =>
      nextMessage<MoneyNotice>(channel, "moneyNotice", 20_000, (notice) =>
        notice.kind.startsWith("lottery"),
      ),
    );
    const drawn = await server.call("POST", "/api/games/lottery/finish", {
      token: lottery.adminToken,
      body: { code: lottery.code },
    });
    expect(drawn.status).toBe(200);
    const first = drawn.body.winners.find((w: { place: number }) => w.place === 1);
    const phone = drawn.body.winners.find((w: { place: number }) => w.place === 2);
    const [toAlice, toBob] = await Promise.all(told);
    const expected = (tickets: number[]) => {
      const moneyWon = tickets.includes(first.winnerLotteryNumber) ? 1000 : 0;
      const awards = tickets.includes(phone.winnerLotteryNumber) ? ["Phone"] : [];
      const won = moneyWon > 0 || awards.length > 0;
      return {
        kind: won ? "lotteryWon" : "lotteryLost",
        amount: won ? moneyWon : tickets.length * 10,
        lottery: { code: lottery.code, title: "New Year Lottery", tickets, awards },
      };
    };
    expect(toAlice).toMatchObject(expected([1]));
    expect(toBob).toMatchObject(expected([2, 3]));
    // The player's tickets read on the notice are drawn (an open My Tickets page reads them then).
    const tickets = await server.call("GET", `/api/game/lottery/tickets?code=${lottery.code}`, {
      token: bob.token,
    });
    expect(tickets.body.every((t: { lotteryStatus: string }) => t.lotteryStatus === "drawn")).toBe(
      true,
    );
    await Promise.all(channels.map((channel) => channel.leave()));
  });
});
