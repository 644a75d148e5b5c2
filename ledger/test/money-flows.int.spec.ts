import { randomUUID } from "node:crypto";
import { agentStream, LedgerError, potAfterCut, roundStream, walletStream } from "@igp/ledger";
import {
  balancesIn,
  createTestLedger,
  ctx,
  presented,
  testCodes,
} from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type TestLedger = Awaited<ReturnType<typeof createTestLedger>>;
let t: TestLedger;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(async () => {
  const problems = (await t.replay()).verdict();
  await t.close();
  expect(problems).toEqual([]);
});

const superAdmin = ctx("superAdmin");
const wallet = (userId: string) => balancesIn(t.ledger.handler, userId);
const float = async (agentId: string) =>
  (await t.ledger.handler.load<{ float: number }>(agentStream(agentId))).float;
const code = () => randomUUID().slice(0, 8).toUpperCase();

async function fundedPlayer(main: number, bonus = 0) {
  const userId = randomUUID();
  if (main > 0) {
    const depositId = randomUUID();
    await t.ledger.deposits.request(
      {
        depositId,
        userId,
        method: "bank",
        amount: main,
        depositCode: code(),
        bankName: "CBE",
        accountNumber: "1000",
        transactionId: "FT1",
      },
      ctx("user", userId),
    );
    await t.ledger.deposits.approveBank(depositId, superAdmin);
  }
  if (bonus > 0) await t.ledger.bonuses.grant(userId, randomUUID(), bonus, superAdmin);
  return userId;
}

async function fundedAgent(amount: number) {
  const agentId = randomUUID();
  const chargeId = randomUUID();
  await t.ledger.charges.request(
    {
      chargeId,
      agentId,
      amount,
      bankName: "CBE",
      accountNumber: "2000",
      transactionId: "https://bank/tx/1",
    },
    ctx("admin", agentId),
  );
  await t.ledger.charges.approve(chargeId, superAdmin);
  return agentId;
}

async function agentDepositRequest(userId: string, amount: number) {
  const depositId = randomUUID();
  const depositCode = code();
  await t.ledger.deposits.request(
    { depositId, userId, method: "agent", amount, depositCode: testCodes.digest(depositCode) },
    ctx("user", userId),
  );
  return { depositId, depositCode };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof LedgerError ? error.code : error),
  );

describe("deposits", () => {
  it("a bank deposit approved brings the money into the player's main balance", async () => {
    const userId = await fundedPlayer(5_025);
    expect(await wallet(userId)).toEqual({ main: 5_025, bonus: 0 });
  });

  it("a decided deposit cannot be approved or disapproved again", async () => {
    const userId = randomUUID();
    const depositId = randomUUID();
    await t.ledger.deposits.request(
      { depositId, userId, method: "bank", amount: 6_000, depositCode: code() },
      ctx("user", userId),
    );
    await t.ledger.deposits.disapprove(depositId, superAdmin);
    expect(await refusal(t.ledger.deposits.approveBank(depositId, superAdmin))).toBe("not_pending");
    expect(await refusal(t.ledger.deposits.disapprove(depositId, superAdmin))).toBe("not_pending");
    expect(await refusal(t.ledger.deposits.approveBank(randomUUID(), superAdmin))).toBe(
      "not_found",
    );
    expect(await wallet(userId)).toEqual({ main: 0, bonus: 0 });
  });

  it("an agent deposit moves money from the agent's float to the player", async () => {
    const agentId = await fundedAgent(100_000);
    const userId = randomUUID();
    const { depositId, depositCode } = await agentDepositRequest(userId, 30_000);
    expect(
      await refusal(
        t.ledger.deposits.approveAgent(depositId, presented("WRONG1"), ctx("admin", agentId)),
      ),
    ).toBe("wrong_code");
    await t.ledger.deposits.approveAgent(depositId, presented(depositCode), ctx("admin", agentId));
    expect(await wallet(userId)).toEqual({ main: 30_000, bonus: 0 });
    expect(await float(agentId)).toBe(70_000);
  });

  it("an agent without enough float cannot approve, and nothing moves", async () => {
    const agentId = await fundedAgent(10_000);
    const userId = randomUUID();
    const { depositId, depositCode } = await agentDepositRequest(userId, 20_000);
    expect(
      await refusal(
        t.ledger.deposits.approveAgent(depositId, presented(depositCode), ctx("admin", agentId)),
      ),
    ).toBe("insufficient_float");
    expect(await float(agentId)).toBe(10_000);
    expect(await wallet(userId)).toEqual({ main: 0, bonus: 0 });
  });

  it("two agents approving one deposit at once: one wins, the other's float comes back", async () => {
    const [a, b] = await Promise.all([fundedAgent(50_000), fundedAgent(50_000)]);
    const userId = randomUUID();
    const { depositId, depositCode } = await agentDepositRequest(userId, 20_000);
    const other = await t.otherProcess();
    const outcomes = await Promise.all([
      refusal(t.ledger.deposits.approveAgent(depositId, presented(depositCode), ctx("admin", a))),
      refusal(
        other.ledger.deposits.approveAgent(depositId, presented(depositCode), ctx("admin", b)),
      ),
    ]);
    await other.close();
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.filter((o) => o === "not_pending")).toHaveLength(1);
    expect(await wallet(userId)).toEqual({ main: 20_000, bonus: 0 });
    expect((await float(a)) + (await float(b))).toBe(80_000);
  });

  it("two admins approving one bank deposit at once: exactly one succeeds, money moves once", async () => {
    const userId = randomUUID();
    const depositId = randomUUID();
    await t.ledger.deposits.request(
      { depositId, userId, method: "bank", amount: 9_000, depositCode: code() },
      ctx("user", userId),
    );
    const other = await t.otherProcess();
    const outcomes = await Promise.all([
      refusal(t.ledger.deposits.approveBank(depositId, ctx("superAdmin"))),
      refusal(other.ledger.deposits.approveBank(depositId, ctx("superAdmin"))),
    ]);
    await other.close();
    expect(outcomes.sort()).toEqual([null, "not_pending"].sort());
    expect(await wallet(userId)).toEqual({ main: 9_000, bonus: 0 });
  });
});

describe("withdrawals", () => {
  const request = (
    userId: string,
    amount: number,
    allowBonus: boolean,
    method: "bank" | "agent" = "bank",
  ) => {
    const withdrawalId = randomUUID();
    const withdrawCode = code();
    const done = t.ledger.withdrawals.request(
      {
        withdrawalId,
        amount,
        allowBonus,
        method,
        accountNumber: "1000",
        withdrawCode: testCodes.digest(withdrawCode),
        ...(method === "bank" && { bankName: "CBE" }),
      },
      ctx("user", userId),
    );
    return { withdrawalId, withdrawCode, done };
  };

  it("holds main first, then bonus with the 20% fee on the bonus part, and pays out", async () => {
    const userId = await fundedPlayer(10_000, 50_000);
    const refused = request(userId, 30_000, false);
    expect(await refusal(refused.done)).toBe("insufficient_funds");
    const { withdrawalId, done } = request(userId, 30_000, true);
    await done;
    expect(await wallet(userId)).toEqual({ main: 0, bonus: 30_000 });
    const houseBefore = (await t.replay()).house.withdrawalFees;
    await t.ledger.withdrawals.approve(withdrawalId, { paymentReference: "FT26BANK1" }, superAdmin);
    const replay = await t.replay();
    expect(replay.house.withdrawalFees - houseBefore).toBe(4_000); // 20% of the 20,000 from bonus
    expect(
      await refusal(
        t.ledger.withdrawals.approve(withdrawalId, { paymentReference: "FT26BANK2" }, superAdmin),
      ),
    ).toBe("not_pending");
  });

  it("refuses a withdrawal larger than both balances, holding nothing", async () => {
    const userId = await fundedPlayer(1_000, 1_000);
    expect(await refusal(request(userId, 2_001, true).done)).toBe("insufficient_funds");
    expect(await wallet(userId)).toEqual({ main: 1_000, bonus: 1_000 });
  });

  it("a disapproved withdrawal releases the hold back where it came from", async () => {
    const userId = await fundedPlayer(5_000, 5_000);
    const { withdrawalId, done } = request(userId, 8_000, true);
    await done;
    expect(await wallet(userId)).toEqual({ main: 0, bonus: 2_000 });
    await t.ledger.withdrawals.disapprove(withdrawalId, superAdmin);
    expect(await wallet(userId)).toEqual({ main: 5_000, bonus: 5_000 });
  });

  it("an agent-method withdrawal approved with its code pays the agent's float", async () => {
    const agentId = await fundedAgent(5_000);
    const userId = await fundedPlayer(10_000);
    const { withdrawalId, withdrawCode, done } = request(userId, 7_000, false, "agent");
    await done;
    expect(
      await refusal(
        t.ledger.withdrawals.approve(
          withdrawalId,
          { withdrawCode: presented("NOPE") },
          ctx("admin", agentId),
        ),
      ),
    ).toBe("wrong_code");
    expect(
      await refusal(
        t.ledger.withdrawals.approve(
          withdrawalId,
          { withdrawCode: presented(withdrawCode) },
          superAdmin,
        ),
      ),
    ).toBe("invalid");
    await t.ledger.withdrawals.approve(
      withdrawalId,
      { withdrawCode: presented(withdrawCode) },
      ctx("admin", agentId),
    );
    expect(await float(agentId)).toBe(12_000);
    expect(await wallet(userId)).toEqual({ main: 3_000, bonus: 0 });
  });
});

describe("rounds", () => {
  const open = async (game: "coin-flip" | "lottery" = "coin-flip", betAmount = 10_000) => {
    const roundId = randomUUID();
    await t.ledger.rounds.open({ roundId, game, betAmount, cutBasisPoints: 1_000 }, ctx("user"));
    return roundId;
  };
  const stake = (userId: string, roundId: string, amount: number) =>
    t.ledger.rounds.placeStake(
      { userId, roundId, stakeId: randomUUID(), amount },
      ctx("user", userId),
    );

  it("takes stakes bonus first, pays the winner the pot less the cut, and the house the cut", async () => {
    const [alice, bob] = await Promise.all([fundedPlayer(10_000, 4_000), fundedPlayer(10_000)]);
    const roundId = await open();
    await Promise.all([stake(alice, roundId, 10_000), stake(bob, roundId, 10_000)]);
    expect(await wallet(alice)).toEqual({ main: 4_000, bonus: 0 });
    const cutsBefore = (await t.replay()).house.roundCuts;
    const prize = potAfterCut(20_000, 1_000);
    await t.ledger.rounds.settle(roundId, [{ userId: bob, amount: prize }], [], ctx("user"));
    expect(await wallet(bob)).toEqual({ main: 18_000, bonus: 0 });
    expect((await t.replay()).house.roundCuts - cutsBefore).toBe(2_000);
  });

  it("refunds every stake where it came from when a round is cancelled", async () => {
    const alice = await fundedPlayer(3_000, 2_000);
    const roundId = await open();
    await stake(alice, roundId, 4_000);
    expect(await wallet(alice)).toEqual({ main: 1_000, bonus: 0 });
    await t.ledger.rounds.cancel(roundId, "noPlayerJoined", ctx("user"));
    expect(await wallet(alice)).toEqual({ main: 3_000, bonus: 2_000 });
    expect(await refusal(t.ledger.rounds.settle(roundId, [], [], ctx("user")))).toBe("not_pending");
  });

  it("returns a stake that reaches a round after it closed", async () => {
    const alice = await fundedPlayer(5_000);
    const roundId = await open();
    await t.ledger.rounds.cancel(roundId, "expired", ctx("user"));
    expect(await refusal(stake(alice, roundId, 5_000))).toBe("not_pending");
    expect(await wallet(alice)).toEqual({ main: 5_000, bonus: 0 });
  });

  it("refuses payouts above the stakes", async () => {
    const alice = await fundedPlayer(5_000);
    const roundId = await open();
    await stake(alice, roundId, 5_000);
    expect(
      await refusal(
        t.ledger.rounds.settle(roundId, [{ userId: alice, amount: 5_001 }], [], ctx("user")),
      ),
    ).toBe("invalid");
  });

  it("sells lottery tickets into the house and pays prizes from the house", async () => {
    const buyers = await Promise.all([
      fundedPlayer(5_000),
      fundedPlayer(5_000),
      fundedPlayer(5_000),
    ]);
    const lotteryId = await open("lottery", 5_000);
    await Promise.all(buyers.map((userId) => stake(userId, lotteryId, 5_000)));
    const before = (await t.replay()).house;
    await t.ledger.rounds.settle(
      lotteryId,
      [],
      [
        { userId: buyers[0]!, amount: 100_000 },
        { userId: buyers[1]!, amount: 20_000 },
      ],
      ctx("superAdmin"),
    );
    const after = (await t.replay()).house;
    expect(after.balance - before.balance).toBe(15_000 - 120_000);
    expect(await wallet(buyers[0]!)).toEqual({ main: 100_000, bonus: 0 });
  });
});

describe("concurrency", () => {
  it("50 concurrent debits from two processes never overdraw one wallet", async () => {
    const userId = await fundedPlayer(100_000);
    const roundId = randomUUID();
    await t.ledger.rounds.open(
      { roundId, game: "lottery", betAmount: 10_000, cutBasisPoints: 0 },
      ctx("user"),
    );
    const other = await t.otherProcess();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        refusal(
          (i % 2 === 0 ? t.ledger : other.ledger).rounds.placeStake(
            { userId, roundId, stakeId: randomUUID(), amount: 10_000 },
            ctx("user", userId),
          ),
        ),
      ),
    );
    await other.close();
    expect(outcomes.filter((o) => o === null)).toHaveLength(10);
    expect(outcomes.filter((o) => o === "insufficient_funds")).toHaveLength(40);
    expect(await wallet(userId)).toEqual({ main: 0, bonus: 0 });
    const round = await t.ledger.handler.load<{ escrow: number }>(roundStream(roundId));
    expect(round.escrow).toBe(100_000);
  });
});

describe("bad input", () => {
  it("refuses non-integer, negative, zero and oversized amounts, writing nothing", async () => {
    const userId = randomUUID();
    for (const amount of [10.5, -1, 0, 1e13, Number.NaN]) {
      const error = await refusal(
        t.ledger.deposits.request(
          { depositId: randomUUID(), userId, method: "bank", amount, depositCode: "C1" },
          ctx("user", userId),
        ),
      );
      expect(error).toBe("invalid");
      expect(await refusal(t.ledger.bonuses.grant(userId, randomUUID(), amount, superAdmin))).toBe(
        "invalid",
      );
    }
    expect(await t.store.readStream(walletStream(userId))).toEqual([]);
  });
});
