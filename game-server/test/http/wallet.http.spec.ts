import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent as createAgentAs,
  eventually,
  fundAgent as fundAgentAs,
} from "../../../test-support/agents.ts";
import { balancesOf } from "../../../test-support/games.ts";
import {
  signInSuperAdmin,
  signUpPlayer,
  startTestServer,
  type TestServer,
} from "../../../test-support/http.ts";
import { form, jpegWithExif, pngImage } from "../../../test-support/images.ts";

let server: TestServer;
let root: string;
beforeAll(async () => {
  server = await startTestServer();
  root = (await signInSuperAdmin(server)).token;
  await createBank("CBE", "deposit", "1000123456789");
  await createBank("Telebirr", "withdraw");
});
afterAll(() => server.stop());

async function createBank(bankName: string, type: "deposit" | "withdraw", accountNumber?: string) {
  const body = form(
    { bankName, type, ...(accountNumber && { accountNumber }) },
    { field: "bankLogo", bytes: await pngImage() },
  );
  const created = await server.call("POST", "/api/banks/create", { token: root, body });
  expect(created.status).toBe(201);
  return created.body;
}

const createAgent = () => createAgentAs(server, root);
const fundAgent = (agent: { token: string }, amount: number) =>
  fundAgentAs(server, root, agent, amount);

const balances = (token: string) => balancesOf(server, token);

async function bankDeposit(token: string, amount: number, headers: Record<string, string> = {}) {
  const body = form(
    { method: "CBE", amount, accountNumber: "100200", transactionId: "FT2611" },
    { field: "screenshot", bytes: await jpegWithExif(), type: "image/jpeg", name: "proof.jpg" },
  );
  return server.call("POST", "/api/wallet/deposit/request", { token, body, headers });
}

describe("banks and images", () => {
  it("lists active banks to anyone and serves their logos as images", async () => {
    const active = await server.call("GET", "/api/banks/get/active?page=1");
    expect(active.body.status).toBe("ok");
    const cbe = active.body.banks.find((b: { bankName: string }) => b.bankName === "CBE");
    expect(cbe).toMatchObject({
      type: "deposit",
      accountNumber: "1000123456789",
      status: "active",
    });
    const logo = await fetch(`${server.url}/image/${cbe.bankLogo}`);
    expect(logo.headers.get("content-type")).toBe("image/webp");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(logo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await server.call("GET", "/image/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });

  it("refuses files that are not images, and images over 5 MB", async () => {
    const text = form(
      { bankName: "Fake", accountNumber: "1" },
      { field: "bankLogo", bytes: Buffer.from("<script>alert(1)</script>"), type: "image/png" },
    );
    expect(
      await server.call("POST", "/api/banks/create", { token: root, body: text }),
    ).toMatchObject({
      status: 400,
      body: { message: "Only PNG, JPEG, GIF or WebP images are accepted." },
    });
    const huge = form(
      { bankName: "Huge", accountNumber: "1" },
      {
        field: "bankLogo",
        bytes: Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]),
      },
    );
    expect(
      (await server.call("POST", "/api/banks/create", { token: root, body: huge })).status,
    ).toBe(413);
  });
});

describe("deposits", () => {
  it("a bank deposit with proof, approved by the superAdmin, reaches the player's main balance", async () => {
    const player = await signUpPlayer(server);
    const requested = await bankDeposit(player.token, 75.5);
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

describe("withdrawals", () => {
  it("holds the amount at once, with the 20% fee on the bonus part, and an agent pays it out", async () => {
    const agent = await createAgent();
    const player = await signUpPlayer(server);
    const id = (await bankDeposit(player.token, 100)).body.transactionId;
    await eventually(
      () => server.call("GET", "/api/transactions/deposit", { token: player.token }),
      (r) => r.body.transactions.length === 1,
    );
    await server.call("POST", `/api/admin/deposit/approve/${id}`, { token: root, body: {} });
    expect(
      (
        await server.call("POST", "/api/admin/bonus/grant", {
          token: root,
          body: { userId: player.userId, amount: 50 },
        })
      ).status,
    ).toBe(200);

    const withdraw = (body: unknown) =>
      server.call("POST", "/api/wallet/withdraw/request", { token: player.token, body });
    expect(
      await withdraw({
        amount: 130,
        method: "agent",
        accountNumber: "0911",
        withdrawFromBonusBalance: false,
      }),
    ).toMatchObject({ status: 400 });
    // A bank needs the account to pay into, shown at its field; cash at an agent's shop does not.
    expect(await withdraw({ amount: 130, method: "Telebirr" })).toMatchObject({
      status: 400,
      body: { message: "Please fill all fields.", field: "accountNumber" },
    });
    expect(await withdraw({ amount: 0.99, method: "agent", accountNumber: "0911" })).toMatchObject({
      status: 400,
      body: { message: "The minimum withdrawal is 1 ETB." },
    });
    expect(
      await withdraw({
        amount: 151,
        method: "agent",
        accountNumber: "0911",
        withdrawFromBonusBalance: true,
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "Insufficient balance for this withdrawal." },
    });
    const requested = await withdraw({
      amount: 130,
      method: "agent",
      withdrawFromBonusBalance: true,
    });
    expect(requested.status).toBe(201);
    expect(requested.body.transaction).toMatchObject({ amount: 130, fee: 6, payout: 124 });
    expect(await balances(player.token)).toEqual({ main: 0, bonus: 20 });

    const { id: withdrawalId, gameCode } = requested.body.transaction;
    // Read-your-writes: the list read right after the answer holds the request.
    const listed = await server.call("GET", "/api/transactions/withdraw", { token: player.token });
    expect(listed.body.transactions).toMatchObject([
      { id: withdrawalId, status: "pending", accountNumber: "" },
    ]);
    expect(
      await server.call("POST", `/api/admin/withdraw/approve/${withdrawalId}`, {
        token: agent.token,
        body: {},
      }),
    ).toMatchObject({
      status: 400,
      body: { message: "Please enter a withdraw code before approving." },
    });
    expect(
      (
        await server.call("POST", `/api/admin/withdraw/approve/${withdrawalId}`, {
          token: agent.token,
          body: { withdrawCode: gameCode },
        })
      ).status,
    ).toBe(200);
    expect((await server.call("GET", "/api/admin/float", { token: agent.token })).body).toEqual({
      mainBalance: 124,
    });
    const history = await server.call("GET", "/api/transactions/withdraw", {
      token: player.token,
    });
    expect(history.body.transactions[0]).toMatchObject({
      status: "approved",
      amount: 130,
      fee: 6,
      payout: 124,
      method: "agent",
      gameCode,
    });
  });

  it("a bank withdrawal has no code; the superAdmin approves it with the transfer's payment reference, which the player and staff see", async () => {
    const player = await signUpPlayer(server);
    const deposit = (await bankDeposit(player.token, 200)).body.transactionId;
    await server.call("POST", `/api/admin/deposit/approve/${deposit}`, { token: root, body: {} });
    const withdraw = () =>
      server.call("POST", "/api/wallet/withdraw/request", {
        token: player.token,
        body: { amount: 60, method: "Telebirr", accountNumber: "0911223344" },
      });
    const requested = await withdraw();
    expect(requested.status).toBe(201);
    // Where and when, not an agent's code: nobody is shown one for a transfer.
    expect(requested.body.message).toBe(
      "Withdrawal requested. It stays pending until staff send the transfer to your account; your withdrawals then show its payment reference.",
    );
    expect(requested.body.transaction).toMatchObject({ gameCode: null, amount: 60, payout: 60 });
    const id = requested.body.transaction.id;
    const mine = () => server.call("GET", "/api/transactions/withdraw", { token: player.token });
    expect((await mine()).body.transactions[0]).toMatchObject({
      id,
      method: "Telebirr",
      accountNumber: "0911223344",
      gameCode: null,
      status: "pending",
      paymentReference: null,
      decidedAt: null,
    });

    const approve = (withdrawalId: string, body: unknown) =>
      server.call("POST", `/api/admin/withdraw/approve/${withdrawalId}`, { token: root, body });
    const required = "Please enter the payment reference of the transfer before approving.";
    const invalid =
      "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.";
    for (const [body, message] of [
      [{}, required],
      [{ withdrawCode: "ANYTHING" }, required],
      [{ paymentReference: "   " }, required],
      [{ paymentReference: "paid" }, invalid],
      [{ paymentReference: "FT1" }, invalid],
      [{ paymentReference: "FT 12; DROP" }, invalid],
      [{ paymentReference: `FT${"9".repeat(40)}` }, invalid],
    ] as const) {
      expect(await approve(id, body)).toMatchObject({
        status: 400,
        body: { message, field: "paymentReference" },
      });
    }
    expect((await mine()).body.transactions[0].status).toBe("pending");

    expect((await approve(id, { paymentReference: "  FT26ABC123 " })).status).toBe(200);
    const paid = (await mine()).body.transactions[0];
    expect(paid).toMatchObject({ status: "approved", paymentReference: "FT26ABC123" });
    expect(Date.parse(paid.decidedAt)).toBeGreaterThan(Date.parse(paid.createdAt) - 1);
    // The ledger's approval records it: projections rebuilt from the events keep it.
    const events = await server.platform.store.readStream(`withdrawal-${id}`);
    expect(events.at(-1)).toMatchObject({
      type: "WithdrawalApproved",
      data: { reference: "FT26ABC123" },
    });
    const staff = await server.call("GET", "/api/admin/withdraw/requests", { token: root });
    expect(staff.body.transactions.find((t: { id: string }) => t.id === id)).toMatchObject({
      paymentReference: "FT26ABC123",
      gameCode: null,
      method: "Telebirr",
    });

    // One transfer pays one withdrawal: the same reference again is refused, nothing paid.
    const second = (await withdraw()).body.transaction.id;
    expect(await approve(second, { paymentReference: "ft26abc123" })).toMatchObject({
      status: 409,
      body: {
        message:
          "This payment reference is already recorded for another withdrawal. Check the transfer.",
        field: "paymentReference",
      },
    });
    expect((await mine()).body.transactions[0]).toMatchObject({ id: second, status: "pending" });
    expect(await balances(player.token)).toEqual({ main: 80, bonus: 0 });
  });

  it("a disapproved withdrawal gives the hold back", async () => {
    const player = await signUpPlayer(server);
    await server.call("POST", "/api/admin/bonus/grant", {
      token: root,
      body: { userId: player.userId, amount: 40 },
    });
    const requested = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body: {
        amount: 40,
        method: "Telebirr",
        accountNumber: "0911",
        withdrawFromBonusBalance: true,
      },
    });
    expect(requested.status).toBe(201);
    await eventually(
      () => server.call("GET", "/api/transactions/withdraw", { token: player.token }),
      (r) => r.body.transactions.length === 1,
    );
    expect(
      (
        await server.call("POST", `/api/admin/disapprove/${requested.body.transaction.id}`, {
          token: root,
        })
      ).status,
    ).toBe(200);
    expect(await balances(player.token)).toEqual({ main: 0, bonus: 40 });
  });
});

describe("exactly once", () => {
  it("replays the first answer to a repeated Idempotency-Key and refuses it with another body", async () => {
    const player = await signUpPlayer(server);
    await server.call("POST", "/api/admin/bonus/grant", {
      token: root,
      body: { userId: player.userId, amount: 100 },
    });
    const key = randomUUID();
    const body = {
      amount: 30,
      method: "agent",
      accountNumber: "0911",
      withdrawFromBonusBalance: true,
    };
    const headers = { "idempotency-key": key };
    const first = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body,
      headers,
    });
    const again = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body,
      headers,
    });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const different = await server.call("POST", "/api/wallet/withdraw/request", {
      token: player.token,
      body: { ...body, amount: 31 },
      headers,
    });
    expect(different.status).toBe(422);
    expect(await balances(player.token)).toEqual({ main: 0, bonus: 70 });
  });
});

describe("who may do what", () => {
  it("keeps players out of the back office and out of each other's data", async () => {
    const [alice, bob] = [await signUpPlayer(server), await signUpPlayer(server)];
    await bankDeposit(alice.token, 60);
    await eventually(
      () => server.call("GET", "/api/transactions/deposit", { token: alice.token }),
      (r) => r.body.transactions.length === 1,
    );
    expect(
      (await server.call("GET", "/api/transactions/deposit", { token: bob.token })).body
        .transactions,
    ).toEqual([]);
    for (const [method, route] of [
      ["GET", "/api/admin/deposit/requests"],
      ["GET", "/api/admin/players"],
      ["POST", "/api/admin/bonus/grant"],
      ["GET", "/api/banks/all"],
    ] as const) {
      expect(
        (
          await server.call(method, route, {
            token: bob.token,
            body: method === "POST" ? {} : undefined,
          })
        ).status,
      ).toBe(403);
      expect((await server.call(method, route)).status).toBe(401);
    }
  });

  it("blocking a player ends their session at once", async () => {
    const player = await signUpPlayer(server);
    const blocked = await server.call("POST", `/api/admin/users/status/${player.userId}`, {
      token: root,
    });
    expect(blocked.body).toEqual({ status: "blocked" });
    expect((await server.call("GET", "/api/login/user", { token: player.token })).status).toBe(403);
    expect(
      (await server.call("POST", `/api/admin/users/status/${player.userId}`, { token: root })).body,
    ).toEqual({ status: "active" });
    // Lifting the block does not revive the old session: the player signs in again.
    expect((await server.call("GET", "/api/login/user", { token: player.token })).status).toBe(401);
    const again = await server.call("POST", "/api/auth/user/login", {
      body: { phone: player.phone, password: player.password },
    });
    expect((await server.call("GET", "/api/login/user", { token: again.body.token })).status).toBe(
      200,
    );
  });
});
