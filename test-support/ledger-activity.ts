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
  await ledger.charges.request(
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
  await ledger.charges.approve(chargeId, superAdmin);
  const declined = randomUUID();
  await ledger.charges.request(
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
  await ledger.charges.disapprove(declined, superAdmin);

  for (const [i, userId] of userIds.entries()) {
    const bank = randomUUID();
    await ledger.deposits.request(
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
    await ledger.deposits.approveBank(bank, superAdmin);
    const viaAgent = randomUUID();
    await ledger.deposits.request(
      { depositId: viaAgent, userId, method: "agent", amount: 10_000, depositCode: `A${i}` },
      ctx("user", userId),
    );
    await ledger.deposits.approveAgent(viaAgent, presented(`A${i}`), ctx("admin", agentId));
    await ledger.bonuses.grant(userId, randomUUID(), 5_000, superAdmin);
    await ledger.deposits.request(
      { depositId: randomUUID(), userId, method: "bank", amount: 7_000, depositCode: `P${i}` },
      ctx("user", userId),
    );
  }

  const withdraw = async (userId: string, amount: number, method: "bank" | "agent") => {
    const withdrawalId = randomUUID();
    await ledger.withdrawals.request(
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
  await ledger.withdrawals.approve(
    await withdraw(userIds[0]!, 33_000, "bank"),
    { paymentReference: "FT26REF1" },
    superAdmin,
  );
  await ledger.withdrawals.approve(
    await withdraw(userIds[1]!, 4_000, "agent"),
    { withdrawCode: presented("WC1") },
    ctx("admin", agentId),
    250, // the agent's advance on what it paid out
  );
  await ledger.withdrawals.disapprove(await withdraw(userIds[2]!, 3_000, "bank"), superAdmin);
  await withdraw(userIds[3]!, 2_500, "bank"); // stays pending: held

  const round = randomUUID();
  await ledger.rounds.open(
    { roundId: round, game: "coin-flip", betAmount: 5_000, cutBasisPoints: 1_000 },
    ctx("user"),
  );
  for (const userId of userIds.slice(1, 3)) {
    await ledger.rounds.placeStake(
      { userId, roundId: round, stakeId: randomUUID(), amount: 5_000 },
      ctx("user", userId),
    );
  }
  await ledger.rounds.settle(
    round,
    [{ userId: userIds[1]!, amount: potAfterCut(10_000, 1_000) }],
    [],
    ctx("user"),
  );

  const expired = randomUUID();
  await ledger.rounds.open(
    { roundId: expired, game: "spin-wheel", betAmount: 2_000, cutBasisPoints: 1_000 },
    ctx("user"),
  );
  await ledger.rounds.placeStake(
    { userId: userIds[3]!, roundId: expired, stakeId: randomUUID(), amount: 4_000 },
    ctx("user"),
  );
  await ledger.rounds.cancel(expired, "noPlayerJoined", ctx("user"));

  const lottery = randomUUID();
  await ledger.rounds.open(
    { roundId: lottery, game: "lottery", betAmount: 1_000, cutBasisPoints: 0 },
    ctx("superAdmin"),
  );
  for (const userId of userIds) {
    await ledger.rounds.placeStake(
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
  await ledger.rounds.settle(lottery, [], [{ userId: userIds[2]!, amount: 50_000 }], superAdmin);
  return { agentId, userIds };
}
