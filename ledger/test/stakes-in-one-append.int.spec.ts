import { randomUUID } from "node:crypto";
import {
  type CommandContext,
  CommandHandler,
  creditEventId,
  type EventStore,
  Ledger,
  roundStream,
  walletStream,
} from "@igp/ledger";
import { createTestLedger } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventBody } from "../src/event-store/hash-chain.ts";

let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(() => t.close());

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

/** A player holding `amount` as bonus, and a coin-flip round open for stakes. */
async function playerAndRound(
  ledger: Ledger,
  amount: number,
  ids = { userId: randomUUID(), roundId: randomUUID() },
) {
  const at = "2026-01-01T00:00:00.000Z";
  const fixed = (role: CommandContext["actor"]["role"]): CommandContext => ({
    actor: { userId: ids.userId, role },
    at,
    commandId: `setup:${ids.roundId}`,
  });
  await ledger.bonuses.grant(ids.userId, ids.roundId, amount, fixed("superAdmin"));
  await ledger.rounds.open(
    { roundId: ids.roundId, game: "coin-flip", betAmount: amount, cutBasisPoints: 1_000 },
    fixed("system"),
  );
  return ids;
}

const stakeCtx = (userId: string, stakeId: string): CommandContext => ({
  actor: { userId, role: "user" },
  at: "2026-01-01T00:00:01.000Z",
  commandId: stakeId,
});

const transactionOf = (position: string) => position.split(":")[0];

describe("a stake in a coin flip or spin wheel round", () => {
  it("is one append: the wallet's debit and the round's credit in one transaction", async () => {
    const { store, calls } = countingAppends(t.store);
    const ledger = new Ledger(new CommandHandler(store));
    const { userId, roundId } = await playerAndRound(ledger, 4_000);
    await ledger.rounds.read(roundId); // the round's state, as the room has it when players join
    const before = { ...calls };

    const stakeId = randomUUID();
    const { number } = await ledger.rounds.placeStake(
      { userId, roundId, stakeId, amount: 4_000, selection: { side: "heads" } },
      stakeCtx(userId, stakeId),
    );

    expect(number).toBe(1);
    expect(calls.append - before.append).toBe(0);
    expect(calls.appendMany - before.appendMany).toBe(1);
    const [debit] = (await t.store.readStream(walletStream(userId))).filter(
      (e) => e.type === "StakePlaced",
    );
    const [credit] = await t.store.readStream(roundStream(roundId), { fromRevision: 1 });
    expect(credit).toMatchObject({ type: "StakeReceived", id: creditEventId(stakeId) });
    expect(credit!.metadata).toMatchObject({ causationId: debit!.id });
    expect(transactionOf(credit!.position)).toBe(transactionOf(debit!.position));
    const replay = await t.replay();
    expect(replay.moneyInFlight).toBe(0n);
    expect(replay.verdict()).toEqual([]);
  });

  it("stores exactly the events the two-step path stored (types, data, metadata, ids)", async () => {
    const other = await createTestLedger();
    try {
      // The same commands on two fresh ledgers: one appends across streams, one cannot.
      const twoStep = new Ledger(new CommandHandler({ ...other.store, atomicMultiStream: false }));
      const ids = { userId: randomUUID(), roundId: randomUUID() };
      const stakeIds = [randomUUID(), randomUUID()];
      const play = async (ledger: Ledger) => {
        await playerAndRound(ledger, 6_000, ids);
        const stake = (stakeId: string) =>
          ledger.rounds.placeStake(
            { userId: ids.userId, roundId: ids.roundId, stakeId, amount: 3_000 },
            stakeCtx(ids.userId, stakeId),
          );
        await stake(stakeIds[0]!);
        await stake(stakeIds[0]!); // a repeat
        await ledger.rounds.closeStakes(ids.roundId, stakeCtx(ids.userId, `close:${ids.roundId}`));
        // Past the round's stakes: the round returns it, the wallet gets it back.
        return stake(stakeIds[1]!).catch((error: { code?: string }) => error.code);
      };
      expect(await play(t.ledger)).toBe("not_pending");
      expect(await play(twoStep)).toBe("not_pending");

      const content = async (store: EventStore) =>
        [walletStream(ids.userId), roundStream(ids.roundId)].map(async (streamId) =>
          (await store.readStream(streamId)).map((e) => [e.revision, e.hash, eventBody(e)]),
        );
      const oneAppend = await Promise.all(await content(t.store));
      expect(oneAppend[0]!.map(([, , body]) => JSON.parse(body as string).type)).toEqual([
        "BonusGranted",
        "StakePlaced",
        "StakePlaced",
        "WalletCredited",
      ]);
      expect(await Promise.all(await content(other.store))).toEqual(oneAppend);
    } finally {
      await other.close();
    }
  });

  it("leaves no debit without its credit when the database session dies mid-append", async () => {
    const { userId, roundId } = await playerAndRound(t.ledger, 5_000);
    const round = roundStream(roundId);
    const [head] = await t.store.readStream(round);
    // Another writer holds the round's next revision in an open transaction: the stake's append
    // writes the wallet's debit, then waits on the round's row, and is killed there.
    const holder = await t.pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT * FROM ledger_append($1, $2, $3)", [
        round,
        head!.revision,
        [
          eventBody({
            id: randomUUID(),
            type: "StakesClosed",
            data: { closedAt: "x" },
            metadata: {},
          }),
        ],
      ]);
      const stakeId = randomUUID();
      const staking = t.ledger.rounds
        .placeStake({ userId, roundId, stakeId, amount: 5_000 }, stakeCtx(userId, stakeId))
        .catch((error: unknown) => error);
      const killed = async () => {
        const { rows } = await t.pool.query(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%ledger_append_batch%'`,
        );
        return rows.length;
      };
      await expect.poll(killed, { timeout: 10_000 }).toBe(1);
      expect(await staking).toBeInstanceOf(Error);
      await holder.query("ROLLBACK");
    } finally {
      holder.release();
    }
    const wallet = await t.store.readStream(walletStream(userId));
    expect(wallet.map((e) => e.type)).toEqual(["BonusGranted"]);
    expect(await t.store.readStream(round)).toHaveLength(1);
    const replay = await t.replay();
    expect(replay.moneyInFlight).toBe(0n);
    expect(replay.verdict()).toEqual([]);
  });
});

describe("a stake repeated once the wallet is empty", () => {
  // The wallet's decision refuses a stake it cannot pay; a repeat of one already stored (the
  // same join, its response lost) must answer what the first one got, not that refusal.
  const cases = [
    ["in one append", (store: EventStore) => store],
    ["in two steps", (store: EventStore) => ({ ...store, atomicMultiStream: false })],
  ] as const;
  for (const [path, storeOf] of cases) {
    it(`${path}: answers the seat it got and stores nothing (a fresh process too)`, async () => {
      const ledger = new Ledger(new CommandHandler(storeOf(t.store)));
      const { userId, roundId } = await playerAndRound(ledger, 4_000);
      const stakeId = randomUUID();
      const stake = (on: Ledger) =>
        on.rounds.placeStake(
          { userId, roundId, stakeId, amount: 4_000, selection: { side: "heads" } },
          stakeCtx(userId, stakeId),
        );
      const first = await stake(ledger);
      expect(first.number).toBe(1);
      expect(first.wallet).toMatchObject({ main: 0, bonus: 0 });
      const stored = async () =>
        [walletStream(userId), roundStream(roundId)].map(async (id) =>
          (await t.store.readStream(id)).map((e) => e.id),
        );
      const before = await Promise.all(await stored());

      const restarted = new Ledger(new CommandHandler(storeOf(t.store)));
      for (const on of [ledger, restarted]) {
        const again = await stake(on);
        expect(again.number).toBe(1);
        expect(again.wallet).toMatchObject({ main: 0, bonus: 0 });
      }
      expect(await Promise.all(await stored())).toEqual(before);
      // Another stake on the empty wallet is still refused.
      const other = randomUUID();
      await expect(
        ledger.rounds.placeStake(
          { userId, roundId, stakeId: other, amount: 4_000 },
          stakeCtx(userId, other),
        ),
      ).rejects.toMatchObject({ code: "insufficient_funds" });
      expect((await t.replay()).verdict()).toEqual([]);
    });
  }
});
