import { AGENT_PASSWORD, createAgent, eventually, fundAgent } from "@igp/test-support/agents.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The staff activity log against actions taken through the real API by two staff members (the
 * superAdmin and an agent), each from its own address (X-Forwarded-For behind TRUST_PROXY):
 * ledger decisions (deposits approved and refused, a charge, a bonus) and table-only changes
 * (an agent created, a player blocked, settings), with who, what, amount, target and address.
 */
let server: TestServer;
let root: string;
let rootId: string;
const ROOT_IP = "196.188.10.1";
const AGENT_IP = "196.188.20.2";
const ZONE = "Africa/Addis_Ababa";
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const around = () => `from=${shift(today(), -1)}&to=${shift(today(), 1)}`;

const as = (token: string, ip: string) => ({
  get: (path: string) => server.call("GET", path, { token, headers: { "x-forwarded-for": ip } }),
  post: (path: string, body: unknown = {}) =>
    server.call("POST", path, { token, body, headers: { "x-forwarded-for": ip } }),
});

let agent: Awaited<ReturnType<typeof createAgent>>;
let alice: Awaited<ReturnType<typeof signUpPlayer>>;
let bob: Awaited<ReturnType<typeof signUpPlayer>>;
let refusedId: string;
let agentDepositId: string;
let lottery: { id: number; code: string };

async function bankDeposit(token: string, amount: number, reference: string) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId: reference },
    { field: "screenshot", bytes: await pngImage() },
  );
  const answer = await server.call("POST", "/api/wallet/deposit/request", { token, body });
  expect(answer.status).toBe(201);
  return answer.body.transactionId as string;
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "true" } });
  const signedIn = await signInSuperAdmin(server);
  root = signedIn.token;
  rootId = signedIn.userId;
  const superAdmin = as(root, ROOT_IP);
  const bank = form(
    { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
    { field: "bankLogo", bytes: await pngImage() },
  );
  expect(
    (
      await server.call("POST", "/api/banks/create", {
        token: root,
        body: bank,
        headers: { "x-forwarded-for": ROOT_IP },
      })
    ).status,
  ).toBe(201);
  alice = await signUpPlayer(server, "Alice Tadesse");
  bob = await signUpPlayer(server, "Bob Girma");
  agent = await createAgent(server, root);
  await fundAgent(server, root, agent, 1_000);

  // The superAdmin: a bank deposit approved, one refused, a bonus, a block.
  const approved = await bankDeposit(alice.token, 500, "FT27A001");
  refusedId = await bankDeposit(bob.token, 99, "FT27B002");
  expect((await superAdmin.post(`/api/admin/deposit/approve/${approved}`)).status).toBe(200);
  expect((await superAdmin.post(`/api/admin/disapprove/${refusedId}`)).status).toBe(200);
  expect(
    (await superAdmin.post("/api/admin/bonus/grant", { userId: bob.userId, amount: 25 })).status,
  ).toBe(200);
  expect((await superAdmin.post(`/api/admin/users/status/${alice.userId}`)).status).toBe(200);

  // The agent: a deposit at its counter, with the player's code.
  const atAgent = await server.call("POST", "/api/wallet/deposit/request", {
    token: bob.token,
    body: form({ method: "Agent Deposit", amount: 300 }),
  });
  agentDepositId = atAgent.body.transactionId;
  const byAgent = await as(agent.token, AGENT_IP).post(
    `/api/admin/deposit/approve/${agentDepositId}`,
    { depositCode: atAgent.body.depositCode },
  );
  expect(byAgent.status).toBe(200);

  // A lottery created (a ledger event), its end date moved (through its room), then deleted.
  lottery = await createLottery(server, { betAmount: 10, winAmount: 100, prizes: "Phone" });
  const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const moved = await superAdmin.post("/api/games/lottery/update-date", {
    code: lottery.code,
    outDate: later,
  });
  expect(moved.status).toBe(200);
  const deleted = await server.call("DELETE", `/api/games/${lottery.id}`, {
    token: root,
    headers: { "x-forwarded-for": ROOT_IP },
  });
  expect(deleted.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type Entry = {
  id: string;
  detail: string | null;
  staff: { id: string; name: string | null; role: string };
  action: string;
  amount: number | null;
  target: { kind: string; id: string };
  player: { id: string; name: string | null } | null;
  ip: string | null;
  source: string;
};

const log = (query = "") => as(root, ROOT_IP).get(`/api/admin/activity?${around()}${query}`);
const entries = async (query = "") => (await log(query)).body.entries as Entry[];

describe("staff activity log", () => {
  it("shows both staff members' actions with who, what, amount, target and address", async () => {
    const all = await eventually(
      () => entries(),
      (rows) => rows.some((row) => row.action === "lottery.move_end"),
    );
    const find = (action: string, targetId: string) =>
      all.find((row) => row.action === action && row.target.id === targetId);

    expect(find("deposit.approve", agentDepositId)).toMatchObject({
      staff: { id: agent.id, name: "Agent Smith", role: "admin" },
      amount: 300,
      target: { kind: "deposit" },
      player: { id: bob.userId, name: "Bob Girma" },
      ip: AGENT_IP,
      source: "ledger",
    });
    expect(find("deposit.refuse", refusedId)).toMatchObject({
      staff: { id: rootId, role: "superAdmin" },
      amount: 99,
      player: { id: bob.userId },
      ip: ROOT_IP,
    });
    const bonus = all.find((row) => row.action === "bonus.grant");
    expect(bonus).toMatchObject({
      staff: { id: rootId },
      amount: 25,
      target: { kind: "player", id: bob.userId },
      ip: ROOT_IP,
    });
    expect(find("account.block", alice.userId)).toMatchObject({
      staff: { id: rootId },
      amount: null,
      ip: ROOT_IP,
      source: "table",
    });
    expect(find("agent.create", agent.id)).toMatchObject({ staff: { id: rootId } });
    // The agent's charge request and its approval by the superAdmin.
    const charge = all.find((row) => row.action === "charge.request")!;
    expect(charge).toMatchObject({ staff: { id: agent.id }, amount: 1_000 });
    expect(find("charge.approve", charge.target.id)).toMatchObject({ staff: { id: rootId } });
    // The lottery: created and moved are the superAdmin's ledger events, the deletion (run by
    // the lottery's room as the system) the superAdmin's recorded request.
    const lotteryRows = all.filter((row) => row.target.kind === "lottery");
    expect(lotteryRows.map((row) => [row.action, row.staff.id, row.source])).toEqual([
      ["lottery.delete", rootId, "table"],
      ["lottery.move_end", rootId, "ledger"],
      ["lottery.create", rootId, "ledger"],
    ]);
    expect(lotteryRows[1]!.ip).toBe(ROOT_IP);
    expect(new Set(lotteryRows.map((row) => row.target.id)).size).toBe(1);
    // Newest first.
    expect(all[0]!.action).toBe("lottery.delete");
  });

  it("records the superAdmin's account and settings changes, and nothing for a change refused", async () => {
    const superAdmin = as(root, ROOT_IP);
    const settings = (await superAdmin.get("/api/settings")).body.settings;
    const changed = { ...settings, coinFlip: { gameWaitingTime: 4, winPercentCut: 12.5 } };
    expect((await superAdmin.post("/api/settings", changed)).status).toBe(200);
    const reset = await superAdmin.post(`/api/admin/users/reset-password/${bob.userId}`, {
      newPassword: "new-secret-7",
    });
    expect(reset.status).toBe(200);
    expect((await superAdmin.post(`/api/admin/users/two-factor/reset/${agent.id}`)).status).toBe(
      200,
    );
    // Refused: nothing changed, so nothing recorded.
    const before = await entries();
    expect((await superAdmin.post(`/api/admin/users/status/${crypto.randomUUID()}`)).status).toBe(
      404,
    );
    const again = form(
      { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
      { field: "bankLogo", bytes: await pngImage() },
    );
    const duplicate = await server.call("POST", "/api/banks/create", { token: root, body: again });
    expect(duplicate.status).toBe(409);

    const after = await entries();
    expect(after.length).toBe(before.length);
    const find = (action: string) => after.find((row) => row.action === action);
    expect(find("settings.change")).toMatchObject({
      staff: { id: rootId },
      target: { kind: "settings" },
      ip: ROOT_IP,
      detail: expect.stringContaining("coinFlip 4 min 12.5%"),
    });
    expect(find("password.reset")).toMatchObject({
      target: { kind: "player", id: bob.userId },
      player: { id: bob.userId, name: "Bob Girma" },
      ip: ROOT_IP,
    });
    expect(find("two_factor.reset")).toMatchObject({
      target: { kind: "account", id: agent.id },
      player: null,
      ip: ROOT_IP,
    });
  });

  it("filters by staff member, action and days", async () => {
    const byAgent = await entries(`&staffId=${agent.id}`);
    expect(byAgent.length).toBeGreaterThanOrEqual(2);
    expect(byAgent.every((row) => row.staff.id === agent.id)).toBe(true);

    const refusals = await entries("&action=deposit.refuse");
    expect(refusals.map((row) => row.target.id)).toEqual([refusedId]);

    const agentBlocks = await entries(`&staffId=${agent.id}&action=account.block`);
    expect(agentBlocks).toEqual([]);

    const past = await as(root, ROOT_IP).get("/api/admin/activity?from=2020-01-01&to=2020-01-31");
    expect(past.status).toBe(200);
    expect(past.body.entries).toEqual([]);

    const page = await log();
    expect(page.body.staff.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining([rootId, agent.id]),
    );
  });

  it("refuses bad filters with a clear message and changes nothing", async () => {
    const unknown = await log("&action=money.vanish");
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("Unknown action.");
    const reversed = await as(root, ROOT_IP).get(
      "/api/admin/activity?from=2026-02-01&to=2026-01-01",
    );
    expect(reversed.status).toBe(400);
    expect((await log("&staffId=not-a-uuid")).status).toBe(400);
  });

  it("exports the filtered log as CSV", async () => {
    const answer = await server.call(
      "GET",
      `/api/admin/activity/export?${around()}&staffId=${agent.id}`,
      { token: root },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/csv");
    expect(answer.headers.get("content-disposition")).toContain("staff-activity-");
    const lines = (answer.body as string).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Time (UTC),Staff,Staff id,Role,Action,Amount (ETB),Target,Target id,Player,Player id,Address,Detail,Source",
    );
    const deposit = lines.find((line) => line.includes(agentDepositId))!;
    expect(deposit).toContain(",deposit.approve,300.00,deposit,");
    expect(deposit).toContain(`Agent Smith,${agent.id},admin,`);
    expect(deposit).toContain(`,Bob Girma,${bob.userId},${AGENT_IP},`);
    expect(lines.slice(1).every((line) => line.includes(agent.id))).toBe(true);
  });

  it("is the superAdmin's only: agents and players get 403", async () => {
    // Signed in again: the resets above ended the agent's and Bob's sessions.
    const agentAgain = await server.call("POST", "/api/auth/user/login", {
      body: { phone: agent.email, password: AGENT_PASSWORD },
    });
    const player = await signUpPlayer(server, "Chala Bekele");
    for (const token of [agentAgain.body.token as string, player.token]) {
      expect((await server.call("GET", `/api/admin/activity?${around()}`, { token })).status).toBe(
        403,
      );
      expect(
        (await server.call("GET", `/api/admin/activity/export?${around()}`, { token })).status,
      ).toBe(403);
    }
    expect((await server.call("GET", `/api/admin/activity?${around()}`)).status).toBe(401);
  });
});
