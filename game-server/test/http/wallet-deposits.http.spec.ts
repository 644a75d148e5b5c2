import { eventually } from "@igp/test-support/agents.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { form } from "@igp/test-support/images.ts";
import { describe, expect, it } from "vitest";
import {
  balances,
  bankDeposit,
  createAgent,
  fundAgent,
  root,
  server,
  startWalletServer,
} from "./wallet-fixture.ts";

/** Deposits by bank transfer and at an agent: requested, validated, approved once. */
startWalletServer();

describe("deposits", () => {
  it("a bank deposit with proof, approved by the superAdmin, reaches the player's main balance", async () => {
    const player = await signUpPlayer(server);
    const requested = await bankDeposit(player.token, 75.5, {}, "FT2611");
    expect(requested.status).toBe(201);
    const history = await eventually(
      () => server.call("GET", "/api/transactions/deposit", { token: player.token }),
      (r) => r.body.transactions.length === 1,
    );
    const [deposit] = history.body.transactions;
    expect(deposit).toMatchObject({
      amount: 75.5,
      status: "pending",
      method: "CBE",
      accountNumber: "100200",
      transactionId: "FT2611",
    });
    const proof = Buffer.from(
      await (await fetch(`${server.url}${deposit.screenShot}`)).arrayBuffer(),
    );
    expect(proof.includes(Buffer.from("secret-location-data"))).toBe(false);

    expect(
      (
        await server.call("POST", `/api/admin/deposit/approve/${deposit.id}`, {
          token: player.token,
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.call("POST", `/api/admin/deposit/approve/${deposit.id}`, {
          token: root,
          body: {},
        })
      ).status,
    ).toBe(200);
    expect(await balances(player.token)).toEqual({ main: 75.5, bonus: 0 });
    const today = await eventually(
      () => server.call("GET", "/api/admin/dashboard/series", { token: root }),
      (r) => r.body.days.at(-1).deposits >= 75.5,
    );
    expect(today.body.days.at(-1).deposits).toBeGreaterThanOrEqual(75.5);
  });

  it("validates deposits with clear messages and stores nothing", async () => {
    const player = await signUpPlayer(server);
    const call = (fields: Record<string, string | number>) =>
      server.call("POST", "/api/wallet/deposit/request", {
        token: player.token,
        body: form(fields),
      });
    expect(await call({ method: "CBE", amount: 49.99 })).toMatchObject({
      status: 400,
      body: { message: "The minimum deposit is 50 ETB." },
    });
    expect(await call({ method: "CBE", amount: "abc" })).toMatchObject({ status: 400 });
    expect(await call({ method: "CBE", amount: 60 })).toMatchObject({
      status: 400,
      body: {
        message:
          "Account number, transaction ID or link, and a screenshot are required for a bank deposit.",
      },
    });
    expect(await call({ method: "Unknown Bank", amount: 60 })).toMatchObject({
      status: 400,
      body: { message: "Please choose an active deposit bank." },
    });
    const history = await server.call("GET", "/api/transactions/deposit", { token: player.token });
    expect(history.body.transactions).toEqual([]);
  });

  it("an agent deposit is paid from the approving agent's float with the player's code", async () => {
    const agent = await createAgent();
    await fundAgent(agent, 1_000);
    const player = await signUpPlayer(server);
    const requested = await server.call("POST", "/api/wallet/deposit/request", {
      token: player.token,
      body: form({ method: "Agent Deposit", amount: 300 }),
    });
    expect(requested.body.depositCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const id = requested.body.transactionId;
    await eventually(
      () => server.call("GET", "/api/admin/deposit/requests", { token: agent.token }),
      (r) => r.body.transactions.some((t: { id: string }) => t.id === id),
    );

    expect(
      await server.call("POST", `/api/admin/deposit/approve/${id}`, {
        token: agent.token,
        body: {},
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "Please enter a deposit code before approving." },
    });
    expect(
      (
        await server.call("POST", `/api/admin/deposit/approve/${id}`, {
          token: agent.token,
          body: { depositCode: "WRONG234" },
        })
      ).status,
    ).toBe(400);
    const approved = await server.call("POST", `/api/admin/deposit/approve/${id}`, {
      token: agent.token,
      body: { depositCode: requested.body.depositCode.toLowerCase() },
    });
    expect(approved.status).toBe(200);
    expect(await balances(player.token)).toEqual({ main: 300, bonus: 0 });
    expect((await server.call("GET", "/api/admin/float", { token: agent.token })).body).toEqual({
      mainBalance: 700,
    });
    const done = await eventually(
      () => server.call("GET", "/api/admin/transactions", { token: agent.token }),
      (r) => r.body.transactions.length === 2,
    );
    expect(
      done.body.transactions.map((t: { type: string; amount: number }) => [t.type, t.amount]),
    ).toEqual([
      ["deposit", 300],
      ["charge", 1000],
    ]);
  });

  it("refuses an agent deposit beyond the agent's float with a 409", async () => {
    const agent = await createAgent();
    await fundAgent(agent, 100);
    const player = await signUpPlayer(server);
    const requested = await server.call("POST", "/api/wallet/deposit/request", {
      token: player.token,
      body: form({ method: "Agent Deposit", amount: 150 }),
    });
    const id = requested.body.transactionId;
    await eventually(
      () => server.call("GET", "/api/admin/deposit/requests", { token: agent.token }),
      (r) => r.body.transactions.some((t: { id: string }) => t.id === id),
    );
    expect(
      await server.call("POST", `/api/admin/deposit/approve/${id}`, {
        token: agent.token,
        body: { depositCode: requested.body.depositCode },
      }),
    ).toMatchObject({
      status: 409,
      body: { message: "Not enough float to approve this deposit." },
    });
  });

  it("two approvals of one deposit at the same moment: one 200, one 409, money once", async () => {
    const player = await signUpPlayer(server);
    const id = (await bankDeposit(player.token, 100)).body.transactionId;
    await eventually(
      () => server.call("GET", "/api/transactions/deposit", { token: player.token }),
      (r) => r.body.transactions.length === 1,
    );
    const results = await Promise.all(
      [0, 1].map(() =>
        server.call("POST", `/api/admin/deposit/approve/${id}`, { token: root, body: {} }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balances(player.token)).toEqual({ main: 100, bonus: 0 });
  });

  it("two agents approving one agent deposit at the same moment: one pays, the other keeps its float", async () => {
    const [first, second] = [await createAgent(), await createAgent()];
    await Promise.all([fundAgent(first, 500), fundAgent(second, 500)]);
    const player = await signUpPlayer(server);
    const requested = await server.call("POST", "/api/wallet/deposit/request", {
      token: player.token,
      body: form({ method: "Agent Deposit", amount: 200 }),
    });
    const id = requested.body.transactionId;
    await eventually(
      () => server.call("GET", "/api/admin/deposit/requests", { token: first.token }),
      (r) => r.body.transactions.some((t: { id: string }) => t.id === id),
    );
    const results = await Promise.all(
      [first, second].map((agent) =>
        server.call("POST", `/api/admin/deposit/approve/${id}`, {
          token: agent.token,
          body: { depositCode: requested.body.depositCode },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balances(player.token)).toEqual({ main: 200, bonus: 0 });
    const floats = await Promise.all(
      [first, second].map(
        async (agent) =>
          (await server.call("GET", "/api/admin/float", { token: agent.token })).body.mainBalance,
      ),
    );
    expect(floats.sort()).toEqual([300, 500]);
  });
});
