import { randomUUID } from "node:crypto";
import { depositStream, withdrawalStream } from "@igp/ledger";
import { createAgent, eventually, fundAgent } from "@igp/test-support/agents.ts";
import { balancesOf, fundedPlayer } from "@igp/test-support/games.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { ctx } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_ATTEMPT_LIMITS, TOO_MANY_WRONG_CODES } from "../../src/wallet/code-attempts.ts";

let server: TestServer;
let root: string;
beforeAll(async () => {
  server = await startTestServer();
  root = (await signInSuperAdmin(server)).token;
  const banks: Record<string, string>[] = [
    { bankName: "CBE", type: "deposit", accountNumber: "1000123456789" },
    { bankName: "Telebirr", type: "withdraw" },
  ];
  for (const bank of banks) {
    const body = form(bank, { field: "bankLogo", bytes: await pngImage() });
    expect((await server.call("POST", "/api/banks/create", { token: root, body })).status).toBe(
      201,
    );
  }
});
afterAll(() => server.stop());

const MASKED = /^•{6}[A-HJ-NP-Z2-9]{2}$/;

async function agentDeposit(token: string, amount: number) {
  const requested = await server.call("POST", "/api/wallet/deposit/request", {
    token,
    body: form({ method: "Agent Deposit", amount }),
  });
  expect(requested.status).toBe(201);
  return { id: requested.body.transactionId as string, code: requested.body.depositCode as string };
}

async function withdrawal(token: string, method: string) {
  const requested = await server.call("POST", "/api/wallet/withdraw/request", {
    token,
    body: { amount: 100, method, accountNumber: "0911223344", withdrawFromBonusBalance: false },
  });
  expect(requested.status).toBe(201);
  const { id, gameCode } = requested.body.transaction;
  return { id: id as string, code: gameCode as string };
}

const staffList = (token: string, kind: "deposit" | "withdraw", search = "") =>
  server.call("GET", `/api/admin/${kind}/requests?page=1${search && `&search=${search}`}`, {
    token,
  });

async function rowOf(token: string, kind: "deposit" | "withdraw", id: string) {
  const listed = await eventually(
    () => staffList(token, kind),
    (r) => r.body.transactions.some((t: { id: string }) => t.id === id),
  );
  return listed.body.transactions.find((t: { id: string }) => t.id === id);
}

/** Every event of a stream as stored, as one JSON text. */
async function storedText(streamId: string) {
  return JSON.stringify(await server.platform.store.readStream(streamId));
}

describe("deposit and withdraw codes are the player's secret", () => {
  it("staff see a masked code; another agent cannot approve without the player's code", async () => {
    const player = await fundedPlayer(server, 50_000);
    const [agent, thief] = [await createAgent(server, root), await createAgent(server, root)];
    await fundAgent(server, root, agent, 1_000);
    const deposit = await agentDeposit(player.token, 200);
    const payout = await withdrawal(player.token, "agent");

    for (const viewer of [thief.token, root]) {
      const row = await rowOf(viewer, "deposit", deposit.id);
      expect(row.depositCode).toMatch(MASKED);
      expect(row.gameCode).toBe(row.depositCode);
      expect(row.depositCode.slice(-2)).toBe(deposit.code.slice(-2));
      expect((await rowOf(viewer, "withdraw", payout.id)).gameCode).toMatch(MASKED);
      const lists = JSON.stringify([
        (await staffList(viewer, "deposit")).body,
        (await staffList(viewer, "withdraw")).body,
      ]);
      expect(lists).not.toContain(deposit.code);
      expect(lists).not.toContain(payout.code);
    }

    const masked = (await rowOf(thief.token, "withdraw", payout.id)).gameCode;
    const stolen = await server.call("POST", `/api/admin/withdraw/approve/${payout.id}`, {
      token: thief.token,
      body: { withdrawCode: masked },
    });
    expect(stolen).toMatchObject({
      status: 400,
      body: { message: "The withdraw code does not match." },
    });
    expect((await server.call("GET", "/api/admin/float", { token: thief.token })).body).toEqual({
      mainBalance: 0,
    });

    const paid = await server.call("POST", `/api/admin/withdraw/approve/${payout.id}`, {
      token: agent.token,
      body: { withdrawCode: payout.code.toLowerCase() },
    });
    expect(paid.status).toBe(200);
    const approved = await server.call("POST", `/api/admin/deposit/approve/${deposit.id}`, {
      token: agent.token,
      body: { depositCode: deposit.code },
    });
    expect(approved.status).toBe(200);
    expect(await balancesOf(server, player.token)).toEqual({ main: 600, bonus: 0 });
    // Float 1,000 − deposit 200 + withdrawal payout 100.
    expect((await server.call("GET", "/api/admin/float", { token: agent.token })).body).toEqual({
      mainBalance: 900,
    });
  });

  it("the event store and the read models keep no code, only its digest, hint and sealed copy", async () => {
    const player = await fundedPlayer(server, 50_000);
    const deposit = await agentDeposit(player.token, 100);
    const payout = await withdrawal(player.token, "agent");
    for (const stream of [depositStream(deposit.id), withdrawalStream(payout.id)]) {
      const text = await storedText(stream);
      expect(text).toContain('"h1:');
      expect(text).not.toContain(deposit.code);
      expect(text).not.toContain(payout.code);
    }
    await rowOf(root, "withdraw", payout.id);
    const { rows } = await server.platform.database.pool.query(
      `SELECT row_to_json(d)::text AS row FROM deposit_requests d WHERE id = $1
       UNION ALL SELECT row_to_json(w)::text FROM withdrawal_requests w WHERE id = $2`,
      [deposit.id, payout.id],
    );
    expect(rows).toHaveLength(2);
    for (const { row } of rows) {
      expect(row).not.toContain(deposit.code);
      expect(row).not.toContain(payout.code);
    }
  });

  it("a replayed request gives the same code, kept sealed with its idempotency key", async () => {
    const player = await fundedPlayer(server, 50_000);
    const ask = () =>
      server.call("POST", "/api/wallet/withdraw/request", {
        token: player.token,
        headers: { "idempotency-key": "withdraw-once" },
        body: {
          amount: 100,
          method: "agent",
          accountNumber: "09",
          withdrawFromBonusBalance: false,
        },
      });
    const first = await ask();
    const again = await ask();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const { rows } = await server.platform.database.pool.query(
      "SELECT response::text FROM idempotency_keys WHERE key = 'withdraw-once'",
    );
    expect(rows[0].response).not.toContain(first.body.transaction.gameCode);
  });

  it("the player's own lists show their codes", async () => {
    const player = await fundedPlayer(server, 50_000);
    const deposit = await agentDeposit(player.token, 100);
    const payout = await withdrawal(player.token, "agent");
    const mine = await eventually(
      () => server.call("GET", "/api/transactions/deposit", { token: player.token }),
      (r) => r.body.transactions.some((t: { id: string }) => t.id === deposit.id),
    );
    expect(mine.body.transactions.find((t: { id: string }) => t.id === deposit.id)).toMatchObject({
      depositCode: deposit.code,
      gameCode: deposit.code,
    });
    const withdrawals = await eventually(
      () => server.call("GET", "/api/transactions/withdraw", { token: player.token }),
      (r) => r.body.transactions.length === 1,
    );
    expect(withdrawals.body.transactions[0].gameCode).toBe(payout.code);
  });

  it("staff find a request by the whole code the player gives", async () => {
    const player = await signUpPlayer(server);
    const deposit = await agentDeposit(player.token, 100);
    await rowOf(root, "deposit", deposit.id);
    const found = await staffList(root, "deposit", deposit.code.toLowerCase());
    expect(found.body.transactions.map((t: { id: string }) => t.id)).toEqual([deposit.id]);
  });

  it("an agent's lists hold only agent requests, without bank withdrawals", async () => {
    const player = await fundedPlayer(server, 50_000);
    const agent = await createAgent(server, root);
    const byBank = await withdrawal(player.token, "Telebirr");
    const byAgent = await withdrawal(player.token, "agent");
    await rowOf(root, "withdraw", byBank.id);
    const listed = await rowOf(agent.token, "withdraw", byAgent.id);
    expect(listed.method).toBe("agent");
    const all = (await staffList(agent.token, "withdraw")).body.transactions;
    expect(all.every((t: { method: string }) => t.method === "agent")).toBe(true);
    expect(all.map((t: { id: string }) => t.id)).not.toContain(byBank.id);
  });

  it("wrong codes are limited per request: after five, even the right code waits", async () => {
    const player = await signUpPlayer(server);
    const agent = await createAgent(server, root);
    await fundAgent(server, root, agent, 500);
    const deposit = await agentDeposit(player.token, 100);
    await rowOf(agent.token, "deposit", deposit.id);
    const approve = (depositCode: string) =>
      server.call("POST", `/api/admin/deposit/approve/${deposit.id}`, {
        token: agent.token,
        body: { depositCode },
      });
    for (let i = 0; i < CODE_ATTEMPT_LIMITS.perRequest; i++) {
      expect((await approve(`WRONG${i}Z`)).status).toBe(400);
    }
    expect(await approve(deposit.code)).toMatchObject({
      status: 429,
      body: { message: TOO_MANY_WRONG_CODES },
    });
    expect(await balancesOf(server, player.token)).toEqual({ main: 0, bonus: 0 });
    expect((await rowOf(agent.token, "deposit", deposit.id)).status).toBe("pending");
  });

  it("requests made before codes were digested still open with their code, and stay masked", async () => {
    const player = await signUpPlayer(server);
    const agent = await createAgent(server, root);
    await fundAgent(server, root, agent, 500);
    const depositId = randomUUID();
    await server.platform.ledger.deposits.request(
      { depositId, userId: player.userId, method: "agent", amount: 5_000, depositCode: "LEGACY42" },
      ctx("user", player.userId),
    );
    expect((await rowOf(agent.token, "deposit", depositId)).depositCode).toBe("••••••42");
    const mine = await server.call("GET", "/api/transactions/deposit", { token: player.token });
    expect(mine.body.transactions[0].depositCode).toBe("LEGACY42");
    const approved = await server.call("POST", `/api/admin/deposit/approve/${depositId}`, {
      token: agent.token,
      body: { depositCode: "legacy42" },
    });
    expect(approved.status).toBe(200);
    expect(await balancesOf(server, player.token)).toEqual({ main: 50, bonus: 0 });
  });
});
