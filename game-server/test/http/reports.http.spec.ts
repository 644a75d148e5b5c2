import { auditLedger } from "@igp/projections";
import { majorToMinor, REPORT_MESSAGES } from "@igp/shared";
import { createAgent, eventually, fundAgent } from "@igp/test-support/agents.ts";
import { balancesOf, nextMessage, seed, watchRound } from "@igp/test-support/games.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { buyTicket, createLottery, drawingOver } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The operator's reports against a day played through the real API: bank and agent deposits
 * (one refused), a coin flip, a lottery drawn, withdrawals by bank and through an agent. The
 * figures are the scenario's, and the games and money reports' house figures are the audit's.
 */
let server: TestServer;
let root: string;
const ZONE = "Africa/Addis_Ababa";
/** Today in a zone, YYYY-MM-DD. */
const today = (zone = ZONE) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Yesterday to tomorrow: the scenario whatever the hour it runs at. */
const around = () => `from=${shift(today(), -1)}&to=${shift(today(), 1)}`;
const cents = (major: number) => majorToMinor(Math.abs(major))! * Math.sign(major);

const get = (path: string, token = root) => server.call("GET", path, { token });
const post = (path: string, body: unknown, token = root) =>
  server.call("POST", path, { token, body });

async function bankDeposit(token: string, amount: number, reference: string) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId: reference },
    { field: "screenshot", bytes: await pngImage() },
  );
  const answer = await server.call("POST", "/api/wallet/deposit/request", { token, body });
  expect(answer.status).toBe(201);
  return answer.body.transactionId as string;
}

async function playCoinFlip(creator: { token: string }, joiner: { token: string }, bet: number) {
  const created = await post(
    "/api/game/private/create",
    {
      gameType: "coin-flip",
      access: "private",
      betAmount: bet,
      selectedSide: "H",
      clientSeed: seed(),
    },
    creator.token,
  );
  expect(created.status).toBe(201);
  const room = await watchRound(server, creator.token, created.body.gameCode);
  const coin = nextMessage(room, "coin");
  const joined = await post(
    "/api/game/coin-flip/join",
    { code: created.body.gameCode, clientSeed: seed() },
    joiner.token,
  );
  expect(joined.status).toBe(200);
  await coin;
  await room.leave();
}

let alice: Awaited<ReturnType<typeof signUpPlayer>>;
let bob: Awaited<ReturnType<typeof signUpPlayer>>;
let agent: Awaited<ReturnType<typeof createAgent>>;
let lotteryCode: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { GAME_START_NOTICE_MS: "100", LOTTERY_REVEAL_EVERY_MS: "100" },
  });
  root = (await signInSuperAdmin(server)).token;
  for (const [bankName, type, accountNumber] of [
    ["CBE", "deposit", "1000123456789"],
    ["Telebirr", "withdraw", undefined],
  ] as const) {
    const body = form(
      { bankName, type, ...(accountNumber && { accountNumber }) },
      { field: "bankLogo", bytes: await pngImage() },
    );
    expect((await post("/api/banks/create", body)).status).toBe(201);
  }
  alice = await signUpPlayer(server, "Alice Tadesse");
  bob = await signUpPlayer(server, "Bob Girma");
  agent = await createAgent(server, root);
  await fundAgent(server, root, agent, 1_000);

  // Deposits: two by bank approved, one refused; one at the agent.
  const a = await bankDeposit(alice.token, 500, "FT26A001");
  const b = await bankDeposit(bob.token, 400.5, "FT26B002");
  const refused = await bankDeposit(bob.token, 99, "FT26B003");
  for (const id of [a, b])
    expect((await post(`/api/admin/deposit/approve/${id}`, {})).status).toBe(200);
  expect((await post(`/api/admin/disapprove/${refused}`, {})).status).toBe(200);
  const atAgent = await server.call("POST", "/api/wallet/deposit/request", {
    token: bob.token,
    body: form({ method: "Agent Deposit", amount: 300 }),
  });
  const approvedByAgent = await post(
    `/api/admin/deposit/approve/${atAgent.body.transactionId}`,
    { depositCode: atAgent.body.depositCode },
    agent.token,
  );
  expect(approvedByAgent.status).toBe(200);

  // Rounds: a coin flip of 50 each (10% cut), a lottery of 3 tickets of 10 with a 100 prize.
  await playCoinFlip(alice, bob, 50);
  const lottery = await createLottery(server, { betAmount: 10, winAmount: 100, prizes: "Phone" });
  lotteryCode = lottery.code;
  for (const player of [alice, bob, bob]) await buyTicket(server, player.token, lottery.code);
  expect((await post("/api/games/lottery/finish", { code: lottery.code })).status).toBe(200);
  // Settled once the room has revealed the winner.
  await drawingOver(server, lottery.code);

  // Withdrawals: alice by bank (paid with a reference), bob through the agent.
  const byBank = await post(
    "/api/wallet/withdraw/request",
    {
      amount: 100,
      method: "Telebirr",
      accountNumber: "0911223344",
      withdrawFromBonusBalance: false,
    },
    alice.token,
  );
  expect(
    (
      await post(`/api/admin/withdraw/approve/${byBank.body.transaction.id}`, {
        paymentReference: "FT26W001",
      })
    ).status,
  ).toBe(200);
  const byAgent = await post(
    "/api/wallet/withdraw/request",
    { amount: 50, method: "agent", accountNumber: "09", withdrawFromBonusBalance: false },
    bob.token,
  );
  const { id, gameCode } = byAgent.body.transaction;
  expect(
    (await post(`/api/admin/withdraw/approve/${id}`, { withdrawCode: gameCode }, agent.token))
      .status,
  ).toBe(200);
}, 120_000);
afterAll(() => server.stop());

describe("reports of a day played through the API", () => {
  it("the games report: each game's rounds, players, turnover, payouts, cut, prizes and RTP", async () => {
    const report = await eventually(
      () => get(`/api/admin/reports/games?${around()}`),
      (r) => r.body.total?.rounds === 2,
    );
    expect(report.status).toBe(200);
    expect(report.body.timeZone).toBe(ZONE);
    const byGame = Object.fromEntries(report.body.games.map((g: { game: string }) => [g.game, g]));
    expect(byGame["coin-flip"]).toMatchObject({
      rounds: 1,
      cancelled: 0,
      players: 2,
      seats: 2,
      stakes: 100,
      payouts: 90,
      houseCut: 10,
      prizes: 0,
      refunds: 0,
      houseNet: 10,
      rtpPercent: 90,
    });
    expect(byGame.lottery).toMatchObject({
      rounds: 1,
      players: 2,
      seats: 3,
      stakes: 30,
      payouts: 0,
      houseCut: 30,
      prizes: 100,
      houseNet: -70,
      rtpPercent: 333.33,
    });
    const lotteryRow = report.body.rows.find((r: { game: string }) => r.game === "lottery");
    expect(lotteryRow).toMatchObject({
      venue: `lottery-${lotteryCode}`,
      day: today(),
      title: expect.any(String),
      tableBet: null,
    });
    expect(report.body.rows.find((r: { game: string }) => r.game === "coin-flip").venue).toBe(
      "private",
    );
    expect(report.body.total).toMatchObject({ rounds: 2, players: 2, stakes: 130, houseNet: -60 });
  });

  it("the house figures of the games and money reports are the audit's house balance", async () => {
    const audit = await auditLedger(server.platform.store, server.platform.database.pool);
    expect(audit.problems).toEqual([]);
    const games = (await get(`/api/admin/reports/games?${around()}`)).body;
    const money = (await get(`/api/admin/reports/money?${around()}`)).body;
    const sum = (field: string) =>
      money.rows.reduce(
        (total: number, row: Record<string, number>) => total + cents(row[field]!),
        0,
      );
    // Charges' advances are the house's too: none here (the rate is 0%).
    expect(cents(games.total.houseNet) + sum("fees") - sum("advances")).toBe(audit.house.balance);
    expect(cents(games.total.houseNet)).toBe(audit.house.roundCuts - audit.house.prizesPaid);
  });

  it("the money report: per method and day, requested, approved, refused, with amounts", async () => {
    const { body } = await get(`/api/admin/reports/money?from=${today()}&to=${today()}`);
    const row = (flow: string, method: string) =>
      body.rows.filter(
        (r: { flow: string; method: string }) => r.flow === flow && r.method === method,
      );
    expect(row("deposit", "bank")).toEqual([
      expect.objectContaining({
        day: today(),
        bankName: "CBE",
        accountNumber: "1000123456789",
        agentId: null,
        requested: 3,
        requestedAmount: 999.5,
        approved: 2,
        approvedAmount: 900.5,
        refused: 1,
        refusedAmount: 99,
      }),
    ]);
    expect(row("deposit", "agent")).toEqual([
      expect.objectContaining({
        agentId: agent.id,
        agentName: "Agent Smith",
        approved: 1,
        approvedAmount: 300,
      }),
    ]);
    expect(row("withdrawal", "bank")).toEqual([
      expect.objectContaining({ bankName: "Telebirr", approved: 1, approvedAmount: 100, fees: 0 }),
    ]);
    expect(row("withdrawal", "agent")).toEqual([
      expect.objectContaining({ agentId: agent.id, approved: 1, approvedAmount: 50 }),
    ]);
  });

  it("one bank account's approved deposits of the day, to tick against its statement", async () => {
    const { status, body } = await get(
      `/api/admin/reports/money/deposits?day=${today()}&bankName=CBE`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ day: today(), bankName: "CBE", count: 2, total: 900.5 });
    expect(
      body.deposits.map((d: { reference: string; amount: number; playerName: string }) => [
        d.reference,
        d.amount,
        d.playerName,
      ]),
    ).toEqual([
      ["FT26A001", 500, "Alice Tadesse"],
      ["FT26B002", 400.5, "Bob Girma"],
    ]);
    expect(body.deposits[0].playerPhone).toBe(alice.phone.replace(/^0/, "+251"));
    const csv = await fetchText(
      `/api/admin/reports/money/deposits/export?day=${today()}&bankName=CBE`,
    );
    expect(csv.split("\r\n")[0]).toBe(
      "reference,fromAccount,amount,requestedAt,approvedAt,playerName,playerPhone,depositId",
    );
    expect(csv).toContain("FT26B002,100200,400.50,");
  });

  it("agent statements: float at the start, charged, deposits, withdrawals, advances, at the end", async () => {
    const { body } = await get(`/api/admin/reports/agents?${around()}`);
    expect(body.agents).toEqual([
      {
        agentId: agent.id,
        agentName: "Agent Smith",
        opening: 0,
        charged: 1_000,
        depositsCredited: 300,
        withdrawalsPaid: 50,
        advances: 0,
        closing: 750,
      },
    ]);
    const float = (await get("/api/admin/float", agent.token)).body.mainBalance;
    expect(float).toBe(750);
    // An agent reads its own statement only; a day after the range starts from its closing.
    const own = await get(
      `/api/admin/reports/agents?from=${shift(today(), 1)}&to=${shift(today(), 2)}`,
      agent.token,
    );
    expect(own.body.agents).toEqual([
      expect.objectContaining({ agentId: agent.id, opening: 750, closing: 750 }),
    ]);
  });

  it("a player's statement: every movement with running balances, the same for the player and staff", async () => {
    const balances = await balancesOf(server, alice.token);
    // The last credits (a payout, a prize) reach the wallet through the transfer reactor.
    const mine = await eventually(
      () => get(`/api/user/statement?${around()}`, alice.token),
      (r) => r.body.movements?.at(-1)?.mainBalance === balances.main,
    );
    expect(mine.status).toBe(200);
    const kinds = mine.body.movements.map((m: { kind: string }) => m.kind);
    expect(kinds[0]).toBe("deposit");
    expect(kinds.filter((kind: string) => kind === "stake")).toHaveLength(2);
    expect(kinds).toContain("withdrawal");
    const last = mine.body.movements.at(-1);
    expect({ main: last.mainBalance, bonus: last.bonusBalance }).toEqual(balances);
    // Each balance is the one before plus the movement.
    let main = cents(mine.body.opening.main);
    for (const movement of mine.body.movements) {
      main += cents(movement.main);
      expect(cents(movement.mainBalance)).toBe(main);
    }
    const staff = await get(`/api/admin/reports/players/${alice.userId}/statement?${around()}`);
    expect(staff.body).toEqual(mine.body);
    // A player cannot read another's through the staff route; an unknown player is a 404.
    expect(
      (await get(`/api/admin/reports/players/${alice.userId}/statement?${around()}`, bob.token))
        .status,
    ).toBe(403);
    expect(
      (await get(`/api/admin/reports/players/${agent.id}/statement?${around()}`)).body,
    ).toEqual({
      message: REPORT_MESSAGES.notFound,
    });
    const csv = await fetchText(`/api/user/statement/export?${around()}`, alice.token);
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(1 + mine.body.movements.length);
    expect(lines.at(-1)).toContain(`,${last.mainBalance.toFixed(2)},`);
  });
});

describe("exports", () => {
  it("stream CSV whose totals are the JSON report's; a range without rows is the header alone", async () => {
    const csv = await fetchText(`/api/admin/reports/games/export?${around()}`);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "day,game,venue,title,tableBet,rounds,cancelled,players,seats,stakes,payouts,houseCut,prizes,refunds,houseNet,rtpPercent",
    );
    expect(lines.at(-1)).toBe(
      "all days,all games,,,,2,0,2,5,130.00,90.00,40.00,100.00,0.00,-60.00,146.15",
    );
    const empty = await fetchText("/api/admin/reports/games/export?from=2020-01-01&to=2020-01-31");
    expect(empty.trim().split("\r\n")).toEqual([
      lines[0],
      "all days,all games,,,,0,0,0,0,0.00,0.00,0.00,0.00,0.00,0.00,",
    ]);
    const noMoney = await fetchText(
      "/api/admin/reports/money/export?from=2020-01-01&to=2020-01-31",
    );
    expect(noMoney.trim().split("\r\n")).toHaveLength(1);
  });

  it("two staff exporting at once while money moves each get a statement of one moment", async () => {
    const player = await signUpPlayer(server, "Dawit Alemu");
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await bankDeposit(player.token, 50 + i, `FT26C${i}00`));
    const approvals = (async () => {
      for (const id of ids) await post(`/api/admin/deposit/approve/${id}`, {});
    })();
    const exports: string[] = [];
    while (exports.length < 12) {
      const two = await Promise.all(
        [0, 1].map(() =>
          fetchText(`/api/admin/reports/players/${player.userId}/statement/export?${around()}`),
        ),
      );
      exports.push(...two);
    }
    await approvals;
    for (const csv of exports) {
      let main = 0;
      for (const line of csv.trim().split("\r\n").slice(1)) {
        const [, , kind, moved, , balance] = line.split(",");
        expect(kind).toBe("deposit");
        main += cents(Number(moved));
        expect(cents(Number(balance))).toBe(main);
      }
    }
  });
});

describe("bad input", () => {
  it("refuses a reversed, a years-long or a malformed range, changing nothing", async () => {
    const reversed = await get(`/api/admin/reports/games?from=${today()}&to=${shift(today(), -1)}`);
    expect(reversed).toMatchObject({
      status: 400,
      body: { message: REPORT_MESSAGES.reversed, field: "to" },
    });
    const long = await get("/api/admin/reports/money?from=2020-01-01&to=2026-01-01");
    expect(long).toMatchObject({ status: 400, body: { message: REPORT_MESSAGES.tooLong } });
    const year = await get("/api/admin/reports/money?from=2024-01-01&to=2024-12-31");
    expect(year.status).toBe(200);
    for (const query of [
      "from=2026-02-30&to=2026-03-01",
      "from=yesterday&to=today",
      "to=2026-01-01",
    ]) {
      const answer = await get(`/api/user/statement?${query}`, alice.token);
      expect(answer.status).toBe(400);
    }
    expect(
      (await get(`/api/admin/reports/games/export?from=${today()}&to=${shift(today(), -3)}`))
        .status,
    ).toBe(400);
  });

  it("a time zone that is not a zone is refused; a zone counts days in it", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "", "UTC+3; DROP TABLE users", 42]) {
      const answer = await post("/api/admin/reports/settings", { timeZone });
      expect(answer).toMatchObject({ status: 400, body: { message: REPORT_MESSAGES.notTimeZone } });
    }
    expect((await get("/api/admin/reports/settings")).body).toEqual({ timeZone: ZONE });
    expect(
      (await post("/api/admin/reports/settings", { timeZone: "Pacific/Kiritimati" })).body,
    ).toEqual({
      timeZone: "Pacific/Kiritimati",
    });
    const far = await get(
      `/api/admin/reports/games?from=${shift(today("Pacific/Kiritimati"), -1)}&to=${today("Pacific/Kiritimati")}`,
    );
    expect(far.body.timeZone).toBe("Pacific/Kiritimati");
    expect(far.body.total.rounds).toBe(2);
    expect(far.body.rows.every((r: { day: string }) => r.day === today("Pacific/Kiritimati"))).toBe(
      true,
    );
    expect((await post("/api/admin/reports/settings", { timeZone: ZONE })).status).toBe(200);
  });
});

async function fetchText(path: string, token = root) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  return response.text();
}
