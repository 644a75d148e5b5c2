import { describe, expect, it } from "vitest";
import { decideAgent } from "./agent/agent.decide.ts";
import { decideCharge } from "./charge/charge.decide.ts";
import { evolveCharge, initialCharge } from "./charge/charge.events.ts";
import { decideDeposit } from "./deposit/deposit.decide.ts";
import { evolveDeposit, initialDeposit } from "./deposit/deposit.events.ts";
import { LedgerError } from "./ledger-error.ts";
import { moneyEffect, transfersSent } from "./money-flow.ts";
import { decideRound, potAfterCut } from "./round/round.decide.ts";
import { evolveRound, initialRound } from "./round/round.events.ts";
import { parseLedgerEvent, recordedLedgerEvent } from "./stream-kinds.ts";
import { stepId } from "./transfer.ts";
import { decideWallet } from "./wallet/wallet.decide.ts";
import { decideWithdrawal, type WithdrawalProof } from "./withdrawal/withdrawal.decide.ts";
import { evolveWithdrawal, initialWithdrawal } from "./withdrawal/withdrawal.events.ts";

// Given events, when a command, then events or a refusal: pure functions, no I/O.
const at = "2026-11-22T10:00:00.000Z";
const refusalOf = (decide: () => unknown) => {
  try {
    decide();
    return null;
  } catch (error) {
    return error instanceof LedgerError ? error.code : error;
  }
};

describe("wallet", () => {
  it("refuses a stake the balances cannot cover", () => {
    expect(
      refusalOf(() =>
        decideWallet(
          { main: 10, bonus: 5 },
          {
            type: "PlaceStake",
            stakeId: "s",
            roundId: "r",
            amount: 16,
            at: "2026-01-01T00:00:00.000Z",
          },
        ),
      ),
    ).toBe("insufficient_funds");
  });

  it("explains why a withdrawal needs the bonus balance", () => {
    const command = {
      type: "HoldWithdrawal" as const,
      withdrawalId: "w1",
      transferId: stepId("w1"),
      amount: 300,
      allowBonus: false,
      method: "bank" as const,
      accountNumber: "1",
      withdrawCode: "C",
      at,
    };
    expect(() => decideWallet({ main: 100, bonus: 500 }, command)).toThrow(
      /Allow withdrawing from the bonus balance/,
    );
    const [held] = decideWallet({ main: 100, bonus: 500 }, { ...command, allowBonus: true });
    expect(held).toMatchObject({
      type: "WithdrawalHeld",
      data: { fromMain: 100, fromBonus: 200, fee: 40 },
    });
  });
});

describe("agent deposits", () => {
  const requested = evolveDeposit(initialDeposit(), {
    type: "DepositRequested",
    data: {
      depositId: "d1",
      userId: "u1",
      method: "agent",
      amount: 5_000,
      depositCode: "ABC123",
      requestedAt: at,
    },
  });
  const funds = (amount: number, depositCode = "ABC123") => ({
    type: "Receive" as const,
    transfer: { id: stepId("t1"), to: "deposit-d1", amount, reason: "agentDeposit" as const },
    from: "agent-a1",
    agentId: "a1",
    depositCode,
  });

  it("approves and forwards to the wallet when the funds fit", () => {
    const events = decideDeposit(requested, funds(5_000));
    expect(events.map((e) => e.type)).toEqual(["AgentFundsReceived", "AgentDepositApproved"]);
  });

  it("returns the funds to the agent when the code, amount or status does not fit", () => {
    expect(decideDeposit(requested, funds(5_000, "WRONG"))[1]).toMatchObject({
      type: "AgentFundsReturned",
      data: { why: "The deposit code does not match." },
    });
    expect(decideDeposit(requested, funds(4_999))[1]?.type).toBe("AgentFundsReturned");
    const approved = evolveDeposit(requested, decideDeposit(requested, funds(5_000))[1]!);
    expect(decideDeposit(approved, funds(5_000))[1]).toMatchObject({
      type: "AgentFundsReturned",
      data: { why: "This deposit request is already approved." },
    });
  });

  it("refuses an agent whose float is short", () => {
    expect(
      refusalOf(() =>
        decideAgent(
          { float: 100 },
          {
            type: "FundDeposit",
            transferId: stepId("x"),
            depositId: "d1",
            depositCode: "C",
            amount: 101,
          },
        ),
      ),
    ).toBe("insufficient_float");
  });
});

describe("withdrawals", () => {
  const pending = evolveWithdrawal(initialWithdrawal(), {
    type: "WithdrawalRequested",
    data: {
      transferId: stepId("t"),
      withdrawalId: "w1",
      userId: "u1",
      amount: 1_000,
      fromMain: 600,
      fromBonus: 400,
      fee: 80,
      method: "agent",
      accountNumber: "1",
      withdrawCode: "CODE42",
      requestedAt: at,
      from: "wallet-u1",
    },
  });

  it("pays an agent-method withdrawal to the approving agent, less the fee", () => {
    const [approved] = decideWithdrawal(pending, {
      type: "ApproveWithdrawal",
      approvedBy: "a1",
      proof: { withdrawCode: { plain: "CODE42", digest: "h1:unused" } },
      agentId: "a1",
      advanceBasisPoints: 0,
    });
    expect(approved).toMatchObject({
      data: { fee: 80, payout: 920, agentTransfer: { to: "agent-a1", amount: 920 } },
    });
    expect(moneyEffect(approved!)).toMatchObject({ house: 80, moneyOut: 0 });
  });

  it("pays the approving agent its advance on the payout, from the house", () => {
    const [approved] = decideWithdrawal(pending, {
      type: "ApproveWithdrawal",
      approvedBy: "a1",
      proof: { withdrawCode: { plain: "CODE42", digest: "h1:unused" } },
      agentId: "a1",
      advanceBasisPoints: 250,
    });
    // 2.5% of the 920 payout is 23 santim; the house keeps the fee of 80 less the advance.
    expect(approved).toMatchObject({
      data: {
        advanceBasisPoints: 250,
        advance: { to: "agent-a1", amount: 23, reason: "agentAdvance" },
      },
    });
    expect(moneyEffect(approved!)).toMatchObject({ house: 80 - 23, moneyOut: 0 });
    expect(transfersSent(approved!).map((t) => t.amount)).toEqual([920, 23]);
  });

  it("checks a digested withdraw code by its digest and records only its hint", () => {
    const digested = {
      ...pending,
      request: { ...pending.request!, withdrawCode: "h1:right", codeHint: "••••••42" },
    };
    const approve = (digest: string) =>
      decideWithdrawal(digested, {
        type: "ApproveWithdrawal",
        approvedBy: "a1",
        proof: { withdrawCode: { plain: "CODE42", digest } },
        agentId: "a1",
        advanceBasisPoints: 0,
      });
    expect(() => approve("h1:wrong")).toThrow("The withdraw code does not match.");
    expect(approve("h1:right")[0]).toMatchObject({ data: { reference: "••••••42" } });
  });

  describe("to a bank", () => {
    const toBank = {
      ...pending,
      request: { ...pending.request!, method: "bank" as const, bankName: "Telebirr" },
    };
    const approve = (proof: WithdrawalProof) =>
      decideWithdrawal(toBank, {
        type: "ApproveWithdrawal",
        approvedBy: "s1",
        proof,
        agentId: null,
        advanceBasisPoints: 0,
      });

    it("records the payment reference of the transfer, trimmed, and pays the money out", () => {
      const [approved] = approve({ paymentReference: "  FT24123ABC12 " });
      expect(approved).toMatchObject({
        type: "WithdrawalApproved",
        data: { reference: "FT24123ABC12", payout: 920, agentTransfer: null },
      });
      expect(moneyEffect(approved!)).toMatchObject({ house: 80, moneyOut: 920 });
    });

    it.each([
      ["", "Please enter the payment reference of the transfer before approving."],
      ["   ", "Please enter the payment reference of the transfer before approving."],
      [
        "paid",
        "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.",
      ],
      [
        "ab1",
        "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.",
      ],
      [
        "FT1 <script>",
        "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.",
      ],
      [
        "FT--123",
        "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.",
      ],
      [
        `FT${"1".repeat(39)}`,
        "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.",
      ],
      ["FT12\u0000", "Payment reference contains characters that are not allowed."],
    ])("refuses the reference %j: %s", (paymentReference, message) => {
      expect(() => approve({ paymentReference })).toThrow(message);
    });

    it("is not approved with a withdraw code, nor an agent's withdrawal with a reference", () => {
      expect(() => approve({ withdrawCode: { plain: "CODE42", digest: "h1:x" } })).toThrow(
        "Please enter the payment reference of the transfer before approving.",
      );
      expect(() =>
        decideWithdrawal(pending, {
          type: "ApproveWithdrawal",
          approvedBy: "a1",
          proof: { paymentReference: "FT24123ABC12" },
          agentId: "a1",
          advanceBasisPoints: 0,
        }),
      ).toThrow("Please enter a withdraw code before approving.");
    });
  });

  it("releases a disapproved withdrawal to main and bonus as it was taken", () => {
    const [released] = decideWithdrawal(pending, {
      type: "DisapproveWithdrawal",
      disapprovedBy: "s1",
    });
    expect(released).toMatchObject({
      data: { transfer: { to: "wallet-u1", amount: 1_000, main: 600, bonus: 400 } },
    });
  });
});

describe("rounds", () => {
  const open = evolveRound(initialRound(), {
    type: "RoundOpened",
    data: { roundId: "r1", game: "coin-flip", betAmount: 1_000, cutBasisPoints: 1_000 },
  });

  it("gives the house what the payouts leave of the pot", () => {
    const staked = [1, 2].reduce(
      (state, n) =>
        evolveRound(state, {
          type: "StakeReceived",
          data: {
            transferId: stepId(`s${n}`),
            from: `wallet-u${n}`,
            userId: `u${n}`,
            amount: 1_000,
            fromMain: 1_000,
            fromBonus: 0,
          },
        }),
      open,
    );
    const [settled] = decideRound(staked, {
      type: "SettleRound",
      payouts: [{ userId: "u1", amount: potAfterCut(2_000, 1_000) }],
      prizes: [],
    });
    expect(settled).toMatchObject({
      type: "RoundSettled",
      data: { houseCut: 200, payouts: [{ amount: 1_800 }] },
    });
  });

  it("returns a stake that claims a seat another stake holds, and one after the round closed", () => {
    const stake = (n: number, seats: string[]) => ({
      type: "Receive" as const,
      from: `wallet-u${n}`,
      userId: `u${n}`,
      placed: {
        stakeId: `s${n}`,
        roundId: "r1",
        transfer: { id: stepId(`s${n}`), to: "round-r1", amount: 1_000, reason: "stake" as const },
        fromMain: 1_000,
        fromBonus: 0,
        selection: { numbers: seats.map(Number), clientSeed: "c", seats },
      },
    });
    const first = decideRound(open, stake(1, ["1", "2"]));
    expect(first.map((e) => e.type)).toEqual(["StakeReceived"]);
    const held = evolveRound(open, first[0]!);
    const clash = decideRound(held, stake(2, ["2", "3"]));
    expect(clash.map((e) => e.type)).toEqual(["StakeReceived", "StakeReturned"]);
    expect(clash[1]).toMatchObject({ data: { why: "seatTaken", transfer: { amount: 1_000 } } });
    expect(decideRound(held, stake(3, ["3"])).map((e) => e.type)).toEqual(["StakeReceived"]);
    const closed = evolveRound(held, { type: "RoundCancelled", data: { refunds: [], why: "x" } });
    expect(decideRound(closed, stake(3, ["3"]))[1]).toMatchObject({ data: { why: "roundClosed" } });
  });

  it("cannot open twice or settle a round that is not open", () => {
    expect(
      refusalOf(() =>
        decideRound(open, {
          type: "OpenRound",
          roundId: "r1",
          game: "coin-flip",
          betAmount: 1,
          cutBasisPoints: 0,
        }),
      ),
    ).toBe("invalid");
    expect(
      refusalOf(() =>
        decideRound(initialRound(), { type: "SettleRound", payouts: [], prizes: [] }),
      ),
    ).toBe("not_found");
  });
});

describe("event validation", () => {
  it("refuses unknown types, wrong streams and bad amounts with clear messages", () => {
    expect(() => parseLedgerEvent("wallet-u1", "Teleported", {})).toThrow(
      'Unknown event type "Teleported" for wallet.',
    );
    expect(() => parseLedgerEvent("wallet-u1", "RoundOpened", {})).toThrow(
      /Unknown event type "RoundOpened"/,
    );
    expect(() => parseLedgerEvent("casino-u1", "BonusGranted", {})).toThrow(/Unknown stream kind/);
    const bonus = (amount: unknown) => ({ grantId: "g1", amount, grantedBy: "s1" });
    expect(() => parseLedgerEvent("wallet-u1", "BonusGranted", bonus(1.5))).toThrow(
      /amount: Amount must be a whole number/,
    );
    expect(() => parseLedgerEvent("wallet-u1", "BonusGranted", bonus(-3))).toThrow(
      /greater than zero/,
    );
    expect(() => parseLedgerEvent("wallet-u1", "BonusGranted", bonus(1e13))).toThrow(/too large/);
    expect(() => parseLedgerEvent("wallet-u1", "BonusGranted", bonus("10"))).toThrow(/amount/);
    expect(parseLedgerEvent("wallet-u1", "BonusGranted", bonus(10))).toEqual({
      type: "BonusGranted",
      data: bonus(10),
    });
  });

  it("reads a recorded event back with its type checked against its stream's kind", () => {
    expect(() => recordedLedgerEvent("wallet-u1", "RoundOpened", {})).toThrow(
      /Unknown event type "RoundOpened"/,
    );
    expect(() => recordedLedgerEvent("casino-u1", "BonusGranted", {})).toThrow(
      /Unknown stream kind/,
    );
    expect(() => recordedLedgerEvent("wallet-u1", "BonusGranted", null)).toThrow(/not an object/);
    const bonus = { grantId: "g1", amount: 10, grantedBy: "s1" };
    expect(recordedLedgerEvent("wallet-u1", "BonusGranted", bonus)).toEqual({
      type: "BonusGranted",
      data: bonus,
    });
  });
});

describe("charge", () => {
  const requested = (advanceBasisPoints?: number) =>
    evolveCharge(initialCharge(), {
      type: "ChargeRequested",
      data: {
        chargeId: "c1",
        agentId: "a1",
        amount: 100_000,
        bankName: "CBE",
        accountNumber: "1",
        transactionId: "FT1",
        requestedAt: "2026-01-01T00:00:00.000Z",
        ...(advanceBasisPoints !== undefined && { advanceBasisPoints }),
      },
    });

  it("credits the agent its advance at the rate of its request, from the house", () => {
    const [approved] = decideCharge(requested(100), { type: "ApproveCharge", approvedBy: "root" });
    expect(transfersSent(approved!).map((t) => [t.reason, t.amount])).toEqual([
      ["charge", 100_000],
      ["agentAdvance", 1_000],
    ]);
    expect(moneyEffect(approved!)).toMatchObject({ moneyIn: 100_000, house: -1_000 });
  });

  it("pays no advance on charges requested before advances, or at a rate of 0", () => {
    for (const state of [requested(), requested(0)]) {
      const [approved] = decideCharge(state, { type: "ApproveCharge", approvedBy: "root" });
      expect(transfersSent(approved!)).toHaveLength(1);
      expect(moneyEffect(approved!).house).toBe(0);
    }
  });
});
