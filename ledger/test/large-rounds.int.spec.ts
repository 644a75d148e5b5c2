import { randomUUID } from "node:crypto";
import { type RecordedEvent, roundStream, walletStream } from "@igp/ledger";
import {
  approvedBankDeposit,
  balancesIn,
  createTestLedger,
  ctx,
} from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TRANSFERS_PER_EVENT } from "../src/domain/round/round.events.ts";

/**
 * A round bigger than one event's transfers, through the real PostgreSQL store: 1,500 stakes
 * arriving at once from 250 wallets, more than one append can hold (stored in batched appends
 * all the same, each ticket with its debit, numbered 1 to 1,500), then cancelled:
 * StakesRefunded chunks and RoundCancelled over two appends, each with its wallets' credits,
 * every wallet whole again, and the replay of the whole ledger clean.
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
  // The round's one stream did not take an append per stake: the tickets arriving together were
  // decided in turn and stored together, each wallet's debit in the same append as its ticket
  // (CommandHandler.executeBatchedAcross), in batches the store accepts.
  const appends = new Set(received.map((e) => transactionOf(e))).size;
  expect(appends).toBeLessThan(1_500 / 4);
  const debits = await debitsOf(players);
  for (const credit of received)
    expect(transactionOf(debits.get(credit.metadata.causationId as string)!)).toBe(
      transactionOf(credit),
    );

  await t.ledger.rounds.cancel(roundId, "lotteryDeleted", ctx("superAdmin"));
  // 1,000 refunds per append (the ledger's default): 4 + 2 chunks over two appends, each append
  // holding the refunded wallets' credits.
  const ending = (await t.store.readStream(roundStream(roundId))).slice(
    -1_500 / TRANSFERS_PER_EVENT,
  );
  expect(ending.map((e) => e.type)).toEqual([...Array(5).fill("StakesRefunded"), "RoundCancelled"]);
  expect(new Set(ending.map(transactionOf)).size).toBe(2);
  const refundedIn = new Map(
    ending.flatMap((e) =>
      (e.data.refunds as { id: string }[]).map((refund) => [refund.id, transactionOf(e)]),
    ),
  );
  const credits = (await Promise.all(players.map((u) => t.store.readStream(walletStream(u)))))
    .flat()
    .filter((e) => e.type === "WalletCredited" && e.data.reason === "stakeRefund");
  expect(credits).toHaveLength(1_500);
  for (const credit of credits)
    expect(transactionOf(credit)).toBe(refundedIn.get(credit.data.transferId as string));
  for (const userId of players)
    expect(await balancesIn(t.ledger.handler, userId)).toEqual({ main: 6_00, bonus: 0 });
  expect((await t.replay()).verdict()).toEqual([]);
});

const transactionOf = (event: RecordedEvent) => event.position.split(":")[0];

/** Every StakePlaced of these players, by event id. */
async function debitsOf(players: string[]) {
  const wallets = await Promise.all(players.map((u) => t.store.readStream(walletStream(u))));
  return new Map(
    wallets
      .flat()
      .filter((e) => e.type === "StakePlaced")
      .map((e) => [e.id, e]),
  );
}
