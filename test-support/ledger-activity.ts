import { randomUUID } from "node:crypto";
import { type Ledger, potAfterCut } from "@igp/ledger";
import { ctx, presented } from "./ledger.ts";

/**
 * Some of every kind of money movement, as a small platform would see in a day: bank and agent
 * deposits, charges, bonuses, withdrawals paid, released and pending, rounds settled and
 * cancelled, a lottery with prizes. Returns the ids involved.
 */
export async function generateLedgerActivity(ledger: Ledger, players = 4) {
  const superAdmin = ctx("superAdmin");
  const agentId = randomUUID();
  const userIds = Array.from({ length: players }, () => randomUUID());

  const chargeId = randomUUID();
  await ledger.requestCharge(
    {
      chargeId,
      agentId,
      amount: 500_000,
      bankName: "CBE",
      accountNumber: "100",
      transactionId: "https://cbe/tx/9",
      advanceBasisPoints: 150, // the agent's advance on its charge, from the house
    },
    ctx("admin", agentId),
  );
  await ledger.approveCharge(chargeId, superAdmin);
  const declined = randomUUID();
  await ledger.requestCharge(
    {
      chargeId: declined,
      agentId,
      amount: 9_000,
      bankName: "CBE",
      accountNumber: "100",
      transactionId: "x",
    },
    ctx("admin", agentId),
  );
  await ledger.disapproveCharge(declined, superAdmin);

  for (const [i, userId] of userIds.entries()) {
    const bank = randomUUID();
    await ledger.requestDeposit(
      {
        depositId: bank,
        userId,
        method: "bank",
        amount: 20_000 + i * 1_000,
        depositCode: `B${i}`,
        bankName: "CBE",
        accountNumber: "7",
        transactionId: "FT7",
        screenshot: "proof.png",
      },
      ctx("user", userId),
    );
    await ledger.approveBankDeposit(bank, superAdmin);
    const viaAgent = randomUUID();
    await ledger.requestDeposit(
      { depositId: viaAgent, userId, method: "agent", amount: 10_000, depositCode: `A${i}` },
      ctx("user", userId),
    );
    await ledger.approveAgentDeposit(viaAgent, presented(`A${i}`), ctx("admin", agentId));
    await ledger.grantBonus(userId, randomUUID(), 5_000, superAdmin);
    await ledger.requestDeposit(
      { depositId: randomUUID(), userId, method: "bank", amount: 7_000, depositCode: `P${i}` },
      ctx("user", userId),
    );
  }

  const withdraw = async (userId: string, amount: number, method: "bank" | "agent") => {
    const withdrawalId = randomUUID();
    await ledger.requestWithdrawal(
      {
        withdrawalId,
        amount,
        allowBonus: true,
        method,
        accountNumber: "55",
        withdrawCode: "WC1",
        ...(method === "bank" && { bankName: "CBE" }),
      },
      ctx("user", userId),
    );
    return withdrawalId;
  };
  await ledger.approveWithdrawal(
    await withdraw(userIds[0]!, 33_000, "bank"),
    { paymentReference: "FT26REF1" },
    superAdmin,
  );
  await ledger.approveWithdrawal(
    await withdraw(userIds[1]!, 4_000, "agent"),
    { withdrawCode: presented("WC1") },
    ctx("admin", agentId),
    250, // the agent's advance on what it paid out
  );
  await ledger.disapproveWithdrawal(await withdraw(userIds[2]!, 3_000, "bank"), superAdmin);
  await withdraw(userIds[3]!, 2_500, "bank"); // stays pending: held

  const round = randomUUID();
  await ledger.openRound(
    { roundId: round, game: "coin-flip", betAmount: 5_000, cutBasisPoints: 1_000 },
    ctx("user"),
  );
  for (const userId of userIds.slice(1, 3)) {
    await ledger.placeStake(
      { userId, roundId: round, stakeId: randomUUID(), amount: 5_000 },
      ctx("user", userId),
    );
  }
  await ledger.settleRound(
    round,
    [{ userId: userIds[1]!, amount: potAfterCut(10_000, 1_000) }],
    [],
    ctx("user"),
  );

  const expired = randomUUID();
  await ledger.openRound(
    { roundId: expired, game: "spin-wheel", betAmount: 2_000, cutBasisPoints: 1_000 },
    ctx("user"),
  );
  await ledger.placeStake(
    { userId: userIds[3]!, roundId: expired, stakeId: randomUUID(), amount: 4_000 },
    ctx("user"),
  );
  await ledger.cancelRound(expired, "noPlayerJoined", ctx("user"));

  const lottery = randomUUID();
  await ledger.openRound(
    { roundId: lottery, game: "lottery", betAmount: 1_000, cutBasisPoints: 0 },
    ctx("superAdmin"),
  );
  for (const userId of userIds) {
    await ledger.placeStake(
      {
        userId,
        roundId: lottery,
        stakeId: randomUUID(),
        amount: 1_000,
        selection: { ticket: userId.slice(0, 6) },
      },
      ctx("user", userId),
    );
  }
  await ledger.settleRound(lottery, [], [{ userId: userIds[2]!, amount: 50_000 }], superAdmin);
  return { agentId, userIds };
}
