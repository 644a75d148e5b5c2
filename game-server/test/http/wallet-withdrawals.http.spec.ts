import { eventually } from "@igp/test-support/agents.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { describe, expect, it } from "vitest";
import {
  balances,
  bankDeposit,
  createAgent,
  root,
  server,
  startWalletServer,
} from "./wallet-fixture.ts";

/** Withdrawals: held at once, paid by an agent's code or a bank transfer's reference, or given back. */
startWalletServer();

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
