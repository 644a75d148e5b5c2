import { auditLedger } from "@igp/projections";
import { createAgent, eventually, fundAgent } from "@igp/test-support/agents.ts";
import { balancesOf, fundedPlayer } from "@igp/test-support/games.ts";
import { signInSuperAdmin, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: TestServer;
let root: string;
beforeAll(async () => {
  server = await startTestServer();
  root = (await signInSuperAdmin(server)).token;
  const body = form(
    { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  expect((await server.call("POST", "/api/banks/create", { token: root, body })).status).toBe(201);
});
afterAll(() => server.stop());

async function setAdvances(withdraw: number, credit: number) {
  const { settings } = (await server.call("GET", "/api/settings", { token: root })).body;
  const changed = await server.call("POST", "/api/settings", {
    token: root,
    body: {
      ...settings,
      subAdminWithdraw: { ...settings.subAdminWithdraw, winPercentCut: withdraw },
      subAdminCredit: { ...settings.subAdminCredit, winPercentCut: credit },
    },
  });
  expect(changed.status).toBe(200);
}

const floatOf = async (token: string) =>
  (await server.call("GET", "/api/admin/dashboard/stats", { token })).body;

describe("agents' advances (the sub-admin settings)", () => {
  it("are paid from the house on charges and paid-out withdrawals, at the rates of the time", async () => {
    const agent = await createAgent(server, root);
    await setAdvances(2.5, 1.5);
    await fundAgent(server, root, agent, 1_000); // requested at 1.5%: 15 ETB advance
    await setAdvances(2.5, 7); // a later rate does not change a charge already asked for
    expect(await floatOf(agent.token)).toEqual({ mainBalance: 1_015, advanceEarned: 15 });

    const player = await fundedPlayer(server, 50_000);
    const requested = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body: { amount: 100, method: "agent", accountNumber: "09", withdrawFromBonusBalance: false },
    });
    const { id, gameCode } = requested.body.transaction;
    await eventually(
      () => server.call("GET", "/api/admin/withdraw/requests", { token: agent.token }),
      (r) => r.body.transactions.some((t: { id: string }) => t.id === id),
    );
    const paid = await server.call("POST", `/api/admin/withdraw/approve/${id}`, {
      token: agent.token,
      body: { withdrawCode: gameCode },
    });
    expect(paid.status).toBe(200);
    // Paid out 100 in cash: the float gets the 100 back plus 2.5% of it.
    const after = await eventually(
      () => floatOf(agent.token),
      (stats) => stats.advanceEarned === 17.5,
    );
    expect(after).toEqual({ mainBalance: 1_117.5, advanceEarned: 17.5 });
    expect(await balancesOf(server, player.token)).toEqual({ main: 400, bonus: 0 });

    const listed = await server.call("GET", "/api/admin/transactions", { token: agent.token });
    expect(
      listed.body.transactions.map((t: { type: string; advance: number }) => [t.type, t.advance]),
    ).toEqual([
      ["withdraw", 2.5],
      ["charge", 15],
    ]);
    const report = await auditLedger(server.platform.store, server.platform.database.pool);
    expect(report.problems).toEqual([]);
    expect(report.house).toMatchObject({ agentAdvances: 1_750 });
  });
});
