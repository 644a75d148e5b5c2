import { randomUUID } from "node:crypto";
import {
  type CommandContext,
  CommandHandler,
  type EventStore,
  Ledger,
  LedgerError,
  type RecordedEvent,
  roundStream,
  stepId,
  walletStream,
} from "@igp/ledger";
import { balancesIn, createTestLedger } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventBody } from "../src/event-store/hash-chain.ts";

/**
 * A lottery's tickets, drawing and deletion through the real PostgreSQL store: tickets arriving
 * together are one multi-stream append (every buyer's debit with its ticket), a buyer too short
 * is refused alone, a settlement and each batch of refunds carry their wallets' credits, and the
 * events are exactly those of the two-step path (ids, data, metadata, hashes).
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(() => t.close());

const PRICE = 1_00;
const AT = "2026-01-01T00:00:00.000Z";

/** The store, counting the appends made through it (one call of either kind is one append). */
function countingAppends(store: EventStore) {
  const calls = { append: 0, appendMany: 0 };
  const counted: EventStore = {
    ...store,
    append: (...args) => {
      calls.append++;
      return store.append(...args);
    },
    appendMany: (appends) => {
      calls.appendMany++;
      return store.appendMany(appends);
    },
  };
  return { store: counted, calls };
}

const system = (commandId: string): CommandContext => ({
  actor: { userId: "lottery", role: "system" },
  at: AT,
  commandId,
});
const buyer = (userId: string, stakeId: string): CommandContext => ({
  actor: { userId, role: "user" },
  at: AT,
  commandId: stakeId,
});

/** Buyers funded with `tickets[i]` tickets' worth of bonus, and a lottery on sale. */
async function lotteryAndBuyers(
  ledger: Ledger,
  ids: { roundId: string; buyers: string[] },
  tickets: number[],
) {
  for (const [i, userId] of ids.buyers.entries())
    if (tickets[i]! > 0)
      await ledger.bonuses.grant(
        userId,
        stepId(userId, "grant"),
        tickets[i]! * PRICE,
        system(`grant:${userId}`),
      );
  await ledger.rounds.open(
    {
      roundId: ids.roundId,
      game: "lottery",
      betAmount: PRICE,
      cutBasisPoints: 10_000,
      stakesUntil: "2999-01-01T00:00:00.000Z",
    },
    system(`open:${ids.roundId}`),
  );
  await ledger.rounds.read(ids.roundId);
}

/** Every buyer's ticket at once (the same tick): the ticket number, or the refusal's code. */
function buyAll(ledger: Ledger, roundId: string, stakes: { userId: string; stakeId: string }[]) {
  return Promise.all(
    stakes.map(({ userId, stakeId }) =>
      ledger.rounds
        .placeStake(
          { userId, roundId, stakeId, amount: PRICE, selection: { clientSeed: stakeId } },
          buyer(userId, stakeId),
        )
        .then(
          ({ number }) => number,
          (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
        ),
    ),
  );
}

const transactionOf = (event: RecordedEvent) => event.position.split(":")[0];

describe("a lottery's tickets", () => {
  it("that arrive together are one append; a buyer too short is refused alone", async () => {
    const { store, calls } = countingAppends(t.store);
    const ledger = new Ledger(new CommandHandler(store));
    const ids = { roundId: randomUUID(), buyers: Array.from({ length: 6 }, () => randomUUID()) };
    await lotteryAndBuyers(ledger, ids, [1, 1, 0, 2, 1, 1]);
    for (const userId of ids.buyers) await ledger.handler.load(walletStream(userId));
    const stakes = ids.buyers.map((userId) => ({ userId, stakeId: randomUUID() }));
    // Buyer 3 buys two tickets in the crowd: the second is paid from what the first left.
    stakes.push({ userId: ids.buyers[3]!, stakeId: randomUUID() });
    const before = { ...calls };

    const outcomes = await buyAll(ledger, ids.roundId, stakes);

    expect(outcomes).toEqual([1, 2, "insufficient_funds", 3, 4, 5, 6]);
    expect(calls.append - before.append).toBe(0);
    expect(calls.appendMany - before.appendMany).toBe(1);
    const round = await t.store.readStream(roundStream(ids.roundId));
    const received = round.filter((e) => e.type === "StakeReceived");
    expect(received).toHaveLength(6);
    for (const credit of received) {
      const [debit] = (await t.store.readStream(walletStream(credit.data.userId as string))).filter(
        (e) => e.id === credit.metadata.causationId,
      );
      expect(debit).toMatchObject({ type: "StakePlaced" });
      expect(transactionOf(debit!)).toBe(transactionOf(credit));
    }
    // The buyer refused was charged nothing and holds nothing.
    const short = await t.store.readStream(walletStream(ids.buyers[2]!));
    expect(short.map((e) => e.type)).toEqual([]);
    expect(await balancesIn(ledger.handler, ids.buyers[3]!)).toEqual({ main: 0, bonus: 0 });
    const replay = await t.replay();
    expect(replay.moneyInFlight).toBe(0n);
    expect(replay.verdict()).toEqual([]);
  });

  it("store exactly the two-step path's events, and so do their drawing and deletion", async () => {
    const other = await createTestLedger();
    try {
      const twoStep = new Ledger(new CommandHandler({ ...other.store, atomicMultiStream: false }));
      const batched = new Ledger(t.ledger.handler);
      const buyers = Array.from({ length: 5 }, () => randomUUID());
      const drawn = { roundId: randomUUID(), buyers };
      const deleted = { roundId: randomUUID(), buyers };
      const stakes = [...buyers, buyers[0]!, buyers[1]!].map((userId) => ({
        userId,
        stakeId: randomUUID(),
      }));
      await lotteryAndBuyers(batched, drawn, [6, 6, 6, 6, 6]);
      await lotteryAndBuyers(twoStep, drawn, [6, 6, 6, 6, 6]);
      await batched.rounds.open(
        { roundId: deleted.roundId, game: "lottery", betAmount: PRICE, cutBasisPoints: 10_000 },
        system(`open:${deleted.roundId}`),
      );
      await twoStep.rounds.open(
        { roundId: deleted.roundId, game: "lottery", betAmount: PRICE, cutBasisPoints: 10_000 },
        system(`open:${deleted.roundId}`),
      );
      for (const roundId of [drawn.roundId, deleted.roundId]) {
        const fresh = stakes.map((s) => ({ ...s, stakeId: stepId(s.stakeId, roundId) }));
        const numbers = await buyAll(batched, roundId, fresh);
        // The two-step path, ticket by ticket in the order the batch numbered them.
        const inOrder = fresh
          .map((s, i) => ({ ...s, number: numbers[i] as number }))
          .sort((a, b) => a.number - b.number);
        for (const s of inOrder) expect(await buyAll(twoStep, roundId, [s])).toEqual([s.number]);
      }
      const prizes = [
        { userId: buyers[1]!, amount: 50_00 },
        { userId: buyers[1]!, amount: 20_00 },
        { userId: buyers[4]!, amount: 10_00 },
      ];
      for (const ledger of [batched, twoStep]) {
        await ledger.rounds.closeStakes(drawn.roundId, system(`close:${drawn.roundId}`));
        await ledger.rounds.settle(drawn.roundId, [], prizes, system(`settle:${drawn.roundId}`));
        await ledger.rounds.cancel(
          deleted.roundId,
          "lotteryDeleted",
          system(`cancel:${deleted.roundId}`),
        );
      }

      const content = (store: EventStore) =>
        Promise.all(
          [
            ...buyers.map(walletStream),
            roundStream(drawn.roundId),
            roundStream(deleted.roundId),
          ].map(async (streamId) =>
            (await store.readStream(streamId)).map((e) => [e.revision, e.hash, eventBody(e)]),
          ),
        );
      const oneAppend = await content(t.store);
      // Wallets: 5 grants, 14 tickets, 7 refunds, 3 prizes; rounds: 10 and 9 events.
      expect(oneAppend.flat()).toHaveLength(5 + 14 + 7 + 3 + 10 + 9);
      expect(await content(other.store)).toEqual(oneAppend);
      // Here the prizes went with the settlement, the refunds with the cancellation.
      const [settled] = (await t.store.readStream(roundStream(drawn.roundId))).filter(
        (e) => e.type === "RoundSettled",
      );
      const [cancelled] = (await t.store.readStream(roundStream(deleted.roundId))).filter(
        (e) => e.type === "RoundCancelled",
      );
      for (const userId of buyers)
        for (const credit of (await t.store.readStream(walletStream(userId))).filter(
          (e) => e.type === "WalletCredited",
        ))
          expect(transactionOf(credit)).toBe(
            transactionOf(credit.data.reason === "prize" ? settled! : cancelled!),
          );
    } finally {
      await other.close();
    }
  });
});
