import { randomUUID } from "node:crypto";
import { potAfterCut } from "@igp/ledger";
import { approvedBankDeposit, createTestLedger, ctx } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The command handler keeps streams' states in memory so that a command costs one round trip,
 * but not those of streams that ended (issue 33: every round is a stream, and the soak's heap
 * grew with every round played). A command that comes again for an ended stream still gets
 * its answer, from the store.
 */
describe("the command handler's stream cache", () => {
  let t: Awaited<ReturnType<typeof createTestLedger>>;
  beforeAll(async () => {
    t = await createTestLedger();
  });
  afterAll(async () => {
    const problems = (await t.replay()).verdict();
    await t.close();
    expect(problems).toEqual([]);
  });

  const cached = () => t.ledger.handler.cachedStreams;
  const players = async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await approvedBankDeposit(t.ledger, alice, 10_000);
    await approvedBankDeposit(t.ledger, bob, 10_000);
    return [alice, bob] as const;
  };
  const openWithStakes = async (alice: string, bob: string) => {
    const roundId = randomUUID();
    await t.ledger.rounds.open(
      { roundId, game: "coin-flip", betAmount: 1_000, cutBasisPoints: 1_000 },
      ctx("user"),
    );
    for (const userId of [alice, bob])
      await t.ledger.rounds.placeStake(
        { userId, roundId, stakeId: randomUUID(), amount: 1_000 },
        ctx("user", userId),
      );
    return roundId;
  };

  it("keeps an open round and the wallets, and lets a settled round go", async () => {
    const [alice, bob] = await players();
    const before = cached();
    const roundId = await openWithStakes(alice, bob);
    expect(cached()).toBe(before + 1);
    const payout = [{ userId: alice, amount: potAfterCut(2_000, 1_000) }];
    await t.ledger.rounds.settle(roundId, payout, [], ctx("user"));
    expect(cached()).toBe(before);
    // Asked again (a recovery repeating the step), it is read back and answered the same.
    expect((await t.ledger.rounds.read(roundId)).status).toBe("settled");
    expect(cached()).toBe(before);
  });

  it("lets a cancelled round go, and decided requests are never kept", async () => {
    const [alice, bob] = await players();
    const before = cached();
    const roundId = await openWithStakes(alice, bob);
    await t.ledger.rounds.cancel(roundId, "noPlayerJoined", ctx("user"));
    expect(cached()).toBe(before);
    // A deposit approved: its request stream ended; the wallet is kept.
    await approvedBankDeposit(t.ledger, randomUUID(), 500);
    expect(cached()).toBe(before + 1);
  });
});
