import { randomUUID } from "node:crypto";
import { roundStream, walletStream } from "@igp/ledger";
import { approvedBankDeposit, createTestLedger, ctx } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TRANSFERS_PER_EVENT } from "../src/domain/round/round.events.ts";

/**
 * A round bigger than one event's transfers, through the real PostgreSQL store: 1,500 stakes
 * arriving at once from 250 wallets, more than one append can hold (stored in batched appends
 * all the same, numbered 1 to 1,500), then
 * cancelled: StakesRefunded chunks and RoundCancelled in one append, every wallet whole
 * again, and the replay of the whole ledger clean.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(() => t.close());

it("takes 1,500 concurrent stakes and refunds them all in chunks the event store accepts", {
  timeout: 120_000,
}, async () => {
  const roundId = randomUUID();
  await t.ledger.rounds.open(
    { roundId, game: "lottery", betAmount: 1_00, cutBasisPoints: 10_000 },
    ctx("superAdmin"),
  );
  const players = Array.from({ length: 250 }, () => randomUUID());
  await Promise.all(players.map((userId) => approvedBankDeposit(t.ledger, userId, 6_00)));
  const numbers = await Promise.all(
    players.flatMap((userId) =>
      Array.from({ length: 6 }, async () => {
        const stakeId = randomUUID();
        const { number } = await t.ledger.rounds.placeStake(
          { userId, roundId, stakeId, amount: 1_00, selection: { clientSeed: stakeId } },
          { ...ctx("user", userId), commandId: stakeId },
        );
        return number;
      }),
    ),
  );
  expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 1_500 }, (_, i) => i + 1));
  const received = (await t.store.readStream(roundStream(roundId))).filter(
    (e) => e.type === "StakeReceived",
  );
  expect(received).toHaveLength(1_500);
  // The round's one stream did not take an append per stake: stakes arriving together were
  // decided in turn and stored together (CommandHandler.executeBatched), in batches the store
  // accepts (a batch of 250 would be refused and fall back to an append per stake).
  const appends = new Set(received.map((e) => e.position.split(":")[0])).size;
  expect(appends).toBeLessThan(1_500 / 4);

  await t.ledger.rounds.cancel(roundId, "lotteryDeleted", ctx("superAdmin"));
  const chunks = 1_500 / TRANSFERS_PER_EVENT;
  const ending = (await t.store.readStream(roundStream(roundId))).slice(-chunks);
  expect(ending.map((e) => e.type)).toEqual([
    ...Array(chunks - 1).fill("StakesRefunded"),
    "RoundCancelled",
  ]);
  expect(new Set(ending.map((e) => e.position.split(":")[0])).size).toBe(1); // one transaction
  for (const userId of players)
    expect(await t.ledger.handler.load(walletStream(userId))).toEqual({ main: 6_00, bonus: 0 });
  expect((await t.replay()).verdict()).toEqual([]);
});
