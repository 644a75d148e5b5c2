import { auditLedger } from "@igp/projections";
import { minorToMajor } from "@igp/shared";
import { eventually } from "@igp/test-support/agents.ts";
import { fundedPlayer, nextMessage, seed, watchRound } from "@igp/test-support/games.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { buyTicket, createLottery, drawingOver } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * The dashboard's house revenue has one definition (the change of the house balance: round cuts
 * and lottery sales plus withdrawal fees, minus lottery prizes and agents' advances): the
 * all-time figure, the 30-day chart and `npm run audit`'s house balance agree, prizes counted.
 */
let server: TestServer;
let root: string;
beforeAll(async () => {
  server = await startTestServer({
    env: { GAME_START_NOTICE_MS: "100", LOTTERY_REVEAL_EVERY_MS: "100" },
  });
  root = (await signInSuperAdmin(server)).token;
  const method = form(
    { bankName: "Telebirr", type: "withdraw" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  await server.call("POST", "/api/banks/create", { token: root, body: method });
});
afterAll(() => server.stop());

/** A private coin flip between two players, played to its result. */
async function playCoinFlip(creator: { token: string }, joiner: { token: string }, bet: number) {
  const created = await server.call("POST", "/api/game/private/create", {
    token: creator.token,
    body: {
      gameType: "coin-flip",
      access: "private",
      betAmount: bet,
      selectedSide: "H",
      clientSeed: seed(),
    },
  });
  expect(created.status).toBe(201);
  const room = await watchRound(server, creator.token, created.body.gameCode);
  const coin = nextMessage(room, "coin");
  const joined = await server.call("POST", "/api/game/coin-flip/join", {
    token: joiner.token,
    body: { code: created.body.gameCode, clientSeed: seed() },
  });
  expect(joined.status).toBe(200);
  await coin;
  await room.leave();
}

it("counts round cuts, fees and lottery prizes alike in every figure, equal to the audit's house balance", async () => {
  const alice = await fundedPlayer(server, 500_00, 0, "Alice Tadesse");
  const bob = await fundedPlayer(server, 500_00, 0, "Bob Girma");
  // Rounds: 10% of each pot to the house.
  await playCoinFlip(alice, bob, 50);
  await playCoinFlip(bob, alice, 20);
  // A lottery whose prize is larger than its sales: the house pays the difference.
  const lottery = await createLottery(server, { betAmount: 10, winAmount: 300, prizes: "Phone" });
  for (const player of [alice, bob, bob]) await buyTicket(server, player.token, lottery.code);
  const drawn = await server.call("POST", "/api/games/lottery/finish", {
    token: root,
    body: { code: lottery.code },
  });
  expect(drawn.status).toBe(200);
  // Its prize is paid once the room has revealed the winner.
  await drawingOver(server, lottery.code);
  // A withdrawal partly from bonus: the 20% fee on that part (6 of 30) is the house's.
  const carol = await fundedPlayer(server, 100_00, 50_00, "Carol Haile");
  const withdrawn = await server.call("POST", "/api/wallet/withdraw/request", {
    token: carol.token,
    body: {
      amount: 130,
      method: "Telebirr",
      accountNumber: "0911223344",
      withdrawFromBonusBalance: true,
    },
  });
  expect(withdrawn.status).toBe(201);
  const paid = await server.call(
    "POST",
    `/api/admin/withdraw/approve/${withdrawn.body.transaction.id}`,
    { token: root, body: { paymentReference: "FT26REV001" } },
  );
  expect(paid.status).toBe(200);

  const audit = await auditLedger(server.platform.store, server.platform.database.pool);
  const { house } = audit;
  expect(house.roundCuts).toBeGreaterThan(0);
  expect(house.prizesPaid).toBe(300_00);
  expect(house.withdrawalFees).toBe(6_00);
  const houseBalance = minorToMajor(house.balance);
  expect(houseBalance).toBe(
    minorToMajor(house.roundCuts + house.withdrawalFees - house.prizesPaid - house.agentAdvances),
  );
  expect(houseBalance).toBeLessThan(0);

  const stats = await eventually(
    () => server.call("GET", "/api/admin/dashboard/stats", { token: root }),
    (answer) => answer.body.houseRevenue === houseBalance,
  );
  expect(stats.body.houseRevenue).toBe(houseBalance);
  const series = await server.call("GET", "/api/admin/dashboard/series", { token: root });
  const days: { day: string; houseRevenue: number }[] = series.body.days;
  expect(days).toHaveLength(30);
  // Everything happened today: the 30 days hold all of it, and today holds all of it.
  const total = days.reduce((sum, day) => sum + Math.round(day.houseRevenue * 100), 0);
  expect(minorToMajor(total)).toBe(houseBalance);
  expect(days.at(-1)).toEqual(
    expect.objectContaining({
      day: new Date().toISOString().slice(0, 10),
      houseRevenue: houseBalance,
    }),
  );
  // And the read models the dashboard reads are the ones the audit checks: no difference.
  expect(
    (await auditLedger(server.platform.store, server.platform.database.pool)).problems,
  ).toEqual([]);
});
