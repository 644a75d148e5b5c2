import { randomUUID } from "node:crypto";
import { walletStream } from "@igp/ledger";
import { readableUtc } from "@igp/shared";
import { balancesOf } from "@igp/test-support/games.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { buyTicket, createLottery } from "@igp/test-support/lottery.ts";
import { describe, expect, it } from "vitest";
import { bankDeposit, root, server, startWalletServer } from "./wallet-fixture.ts";

/**
 * 'Play responsibly' over real HTTP and PostgreSQL: limits (bad input changes nothing, the
 * 24-hour wait, two tabs, a stake racing a change), time-outs and exclusions that only the
 * calendar lifts, the age confirmation, and the staff's read-only view.
 */
startWalletServer();

const view = (token: string) => server.call("GET", "/api/user/safer-play", { token });
const setLimit = (token: string, limit: string, amount: unknown) =>
  server.call("PUT", `/api/user/safer-play/limits/${limit}`, { token, body: { amount } });
const takeBreak = (token: string, body: unknown) =>
  server.call("POST", "/api/user/safer-play/break", { token, body });
const limitOf = async (token: string, limit: string) =>
  (await view(token)).body.limits.find((l: { limit: string }) => l.limit === limit);
const walletEvents = async (userId: string) =>
  (await server.platform.store.readStream(walletStream(userId))).map((e) => e.type);

/** A player with ETB 500 of bonus, and a lottery selling tickets at ETB 10. */
async function playerAndLottery() {
  const player = await signUpPlayer(server);
  await server.call("POST", "/api/admin/bonus/grant", {
    token: root,
    body: { userId: player.userId, amount: 500 },
  });
  const lottery = await createLottery(server, { betAmount: 10 });
  return { player, code: lottery.code as string };
}

describe("limits", () => {
  it("refuses 0, negative, too large, non-numeric, 3 decimals and unknown limits, changing nothing", async () => {
    const player = await signUpPlayer(server);
    const before = await walletEvents(player.userId);
    const cases: [string, unknown, string][] = [
      ["lossDay", 0, "Limit amount must be at least ETB 1.00."],
      ["lossDay", -5, "Limit amount must be at least ETB 1.00."],
      ["lossDay", 10_000_001, "Limit amount must be at most ETB 10000000.00."],
      ["lossDay", "ten", "Limit amount must be a number."],
      ["lossDay", "", "Enter a limit amount, or remove the limit."],
      ["lossDay", undefined, "Enter a limit amount, or remove the limit."],
      ["lossDay", 1.234, "Limit amount must have at most 2 decimals."],
      ["lossDay", true, "Enter a limit amount, or remove the limit."],
      [
        "lossYear",
        10,
        "Limit must be one of: depositDay, depositWeek, depositMonth, lossDay, lossWeek, lossMonth, stakePerRound.",
      ],
    ];
    for (const [limit, amount, message] of cases) {
      const answer = await setLimit(player.token, limit, amount);
      expect({ limit, amount, status: answer.status, message: answer.body.message }).toEqual({
        limit,
        amount,
        status: 400,
        message,
      });
    }
    expect(await walletEvents(player.userId)).toEqual(before);
    expect((await limitOf(player.token, "lossDay")).amount).toBeNull();
  });

  it("a loss limit refuses the stake that would pass it, with the reason; nothing is charged", async () => {
    const { player, code } = await playerAndLottery();
    const set = await setLimit(player.token, "lossDay", "15");
    expect(set.status).toBe(200);
    expect((await limitOf(player.token, "lossDay")).amount).toBe(15);
    expect((await buyTicket(server, player.token, code)).status).toBe(201);
    const refused = await buyTicket(server, player.token, code);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "This stake would pass your daily loss limit of ETB 15.00 (ETB 5.00 left).",
    );
    expect(await balancesOf(server, player.token)).toEqual({ main: 0, bonus: 490 });
    expect(await limitOf(player.token, "lossDay")).toMatchObject({ amount: 15, used: 10 });
  });

  it("raising waits 24 hours (shown with its time); lowering applies at once", async () => {
    const player = await signUpPlayer(server);
    await setLimit(player.token, "stakePerRound", 20);
    const before = Date.now();
    const raised = await setLimit(player.token, "stakePerRound", 50);
    const limit = raised.body.limits.find((l: { limit: string }) => l.limit === "stakePerRound");
    expect(limit.amount).toBe(20);
    expect(limit.next.amount).toBe(50);
    const wait = Date.parse(limit.next.appliesAt) - before;
    expect(wait).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(wait).toBeLessThan(24 * 3_600_000 + 60_000);
    const removed = await setLimit(player.token, "stakePerRound", null);
    expect(
      removed.body.limits.find((l: { limit: string }) => l.limit === "stakePerRound"),
    ).toMatchObject({
      amount: 20,
      next: { amount: null },
    });
    const lowered = await setLimit(player.token, "stakePerRound", 5);
    expect(
      lowered.body.limits.find((l: { limit: string }) => l.limit === "stakePerRound"),
    ).toMatchObject({
      amount: 5,
      next: null,
    });
  });

  it("two tabs raising and lowering at once: the lowering holds now, whichever came first", async () => {
    const player = await signUpPlayer(server);
    await setLimit(player.token, "lossWeek", 100);
    const [raise, lower] = await Promise.all([
      setLimit(player.token, "lossWeek", 400),
      setLimit(player.token, "lossWeek", 30),
    ]);
    expect([raise.status, lower.status]).toEqual([200, 200]);
    const limit = await limitOf(player.token, "lossWeek");
    expect(limit.amount).toBe(30);
    // Raise then lower: no raise waits. Lower then raise: the raise waits its 24 hours.
    expect(limit.next === null || limit.next.amount === 400).toBe(true);
    expect((await walletEvents(player.userId)).filter((t) => t === "PlayLimitSet")).toHaveLength(3);
  });

  it("stakes racing a lowering: none passes the limit in force when it was placed", async () => {
    const { player, code } = await playerAndLottery();
    await setLimit(player.token, "lossDay", 25);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => buyTicket(server, player.token, code)),
      setLimit(player.token, "lossDay", 10),
    ]);
    const bought = answers.slice(0, 5).filter((a) => a.status === 201).length;
    expect(answers.slice(0, 5).every((a) => a.status === 201 || a.status === 403)).toBe(true);
    const events = await walletEvents(player.userId);
    const lowering = events.lastIndexOf("PlayLimitSet");
    const stakesBefore = events.slice(0, lowering).filter((t) => t === "StakePlaced").length;
    const stakesAfter = events.slice(lowering).filter((t) => t === "StakePlaced").length;
    expect(stakesBefore).toBeLessThanOrEqual(2); // 25: two tickets of 10
    expect(stakesBefore * 10 + stakesAfter * 10).toBeLessThanOrEqual(
      Math.max(10, stakesBefore * 10),
    );
    expect(stakesBefore + stakesAfter).toBe(bought);
    expect(await balancesOf(server, player.token)).toEqual({ main: 0, bonus: 500 - bought * 10 });
  });

  it("a daily deposit limit refuses the request that would pass it; none is recorded", async () => {
    const player = await signUpPlayer(server);
    await setLimit(player.token, "depositDay", 120);
    expect((await bankDeposit(player.token, 100)).status).toBe(201);
    const refused = await bankDeposit(player.token, 50);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "This deposit would pass your daily deposit limit of ETB 120.00 (ETB 20.00 left).",
    );
    expect((await walletEvents(player.userId)).filter((t) => t === "DepositCounted")).toHaveLength(
      1,
    );
  });
});

describe("time-outs and self-exclusion", () => {
  it("refuses bad durations with the rule's sentence, changing nothing", async () => {
    const player = await signUpPlayer(server);
    const before = await walletEvents(player.userId);
    for (const body of [
      { kind: "timeOut", hours: 23 },
      { kind: "timeOut", hours: 1_009 },
      { kind: "timeOut", hours: "24" },
      { kind: "timeOut", hours: 24.5 },
    ])
      expect(await takeBreak(player.token, body)).toMatchObject({
        status: 400,
        body: {
          message: "A time-out lasts 24 hours to 6 weeks: give whole hours from 24 to 1008.",
        },
      });
    for (const months of [5, 61, -1, "x"])
      expect(await takeBreak(player.token, { kind: "selfExclusion", months })).toMatchObject({
        status: 400,
        body: {
          message:
            "A self-exclusion lasts 6 months to 5 years: give whole months from 6 to 60, or permanent.",
        },
      });
    expect((await takeBreak(player.token, { kind: "holiday" })).status).toBe(400);
    expect(await walletEvents(player.userId)).toEqual(before);
  });

  it("a time-out refuses stakes and deposits; history and withdrawals still work; nobody lifts it", async () => {
    const { player, code } = await playerAndLottery();
    const deposit = (await bankDeposit(player.token, 200)).body.transactionId;
    const approved = await server.call("POST", `/api/admin/deposit/approve/${deposit}`, {
      token: root,
      body: {},
    });
    expect(approved.status).toBe(200);
    const taken = await takeBreak(player.token, { kind: "timeOut", hours: 48 });
    expect(taken.status).toBe(200);
    const until = taken.body.breakTaken.until as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(47 * 3_600_000);

    const ticket = await buyTicket(server, player.token, code);
    expect(ticket).toMatchObject({
      status: 403,
      body: {
        message: `You are taking a break until ${readableUtc(until)}. You can still see your history and withdraw.`,
      },
    });
    expect((await bankDeposit(player.token, 60)).status).toBe(403);
    expect(
      (await server.call("GET", "/api/transactions/deposit", { token: player.token })).status,
    ).toBe(200);
    const withdrawal = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body: { amount: 50, method: "Telebirr", accountNumber: "0911223344" },
    });
    expect(withdrawal.status).toBe(201);
    // Shorter is refused; staff have no way to end it (the player's routes are the player's).
    expect(await takeBreak(player.token, { kind: "timeOut", hours: 24 })).toMatchObject({
      status: 400,
      body: { message: "You are already excluded for longer than that." },
    });
    expect((await takeBreak(root, { kind: "timeOut", hours: 24 })).status).toBe(403);
    // Staff see it, read only.
    const staffView = await server.call("GET", `/api/admin/players/${player.userId}/safer-play`, {
      token: root,
    });
    expect(staffView.body.breakTaken).toEqual({ kind: "timeOut", until });
    expect(
      (
        await server.call("GET", `/api/admin/players/${player.userId}/safer-play`, {
          token: player.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await server.call("GET", `/api/admin/players/${randomUUID()}/safer-play`, { token: root }))
        .status,
    ).toBe(404);
  });

  it("a permanent self-exclusion replaces a time-out and is final", async () => {
    const { player, code } = await playerAndLottery();
    await takeBreak(player.token, { kind: "timeOut", hours: 24 });
    const excluded = await takeBreak(player.token, { kind: "selfExclusion", months: null });
    expect(excluded.body.breakTaken).toEqual({ kind: "selfExclusion", until: null });
    expect((await buyTicket(server, player.token, code)).body.message).toBe(
      "You have excluded yourself permanently. You can still see your history and withdraw.",
    );
    expect((await takeBreak(player.token, { kind: "selfExclusion", months: 60 })).status).toBe(400);
  });
});

describe("age", () => {
  it("registration asks for the age and the terms; the answer is a ledger event", async () => {
    const body = {
      phone: `09${String(Date.now()).slice(-8)}`,
      fullName: "Selam Tadesse",
      password: "secret12",
      confirmPassword: "secret12",
    };
    const register = (extra: object) =>
      server.call("POST", "/api/auth/user/register", { body: { ...body, ...extra } });
    expect((await register({ termsAccepted: true })).body.message).toBe(
      "Please confirm that you are at least the minimum age to play.",
    );
    expect((await register({ ageConfirmed: true, termsAccepted: false })).body.message).toBe(
      "Please accept the terms and conditions.",
    );
    const made = await register({ ageConfirmed: true, termsAccepted: true });
    expect(made.status).toBe(201);
    expect(await walletEvents(made.body.userId)).toEqual(["AgeConfirmed"]);
  });

  it("an account made before the question cannot stake until it confirms", async () => {
    const model = await signUpPlayer(server);
    const userId = randomUUID();
    const phone = `+2519${String(Date.now()).slice(-8)}`;
    await server.platform.database.pool.query(
      `INSERT INTO users (id, full_name, phone, password_hash, role)
         SELECT $1, 'Old Account', $2, password_hash, 'user' FROM users WHERE id = $3`,
      [userId, phone, model.userId],
    );
    const login = await server.call("POST", "/api/auth/user/login", {
      body: { phone, password: "secret12" },
    });
    const token = login.body.token as string;
    // Not made by Google or Telegram: asked in the profile before a stake, not before all else.
    expect(login.body.ageConfirmationDue).toBe(false);
    await server.call("POST", "/api/admin/bonus/grant", {
      token: root,
      body: { userId, amount: 50 },
    });
    const lottery = await createLottery(server, { betAmount: 10 });
    expect((await view(token)).body).toMatchObject({ ageConfirmed: false, minimumAge: 18 });
    expect(await buyTicket(server, token, lottery.code)).toMatchObject({
      status: 403,
      body: {
        message: "Please confirm your age and accept the terms in your profile before you play.",
      },
    });
    const confirm = (b: object) =>
      server.call("POST", "/api/user/safer-play/age", { token, body: b });
    expect((await confirm({ ageConfirmed: true })).status).toBe(400);
    expect((await confirm({ ageConfirmed: true, termsAccepted: true })).body.ageConfirmed).toBe(
      true,
    );
    expect((await buyTicket(server, token, lottery.code)).status).toBe(201);
  });
});
