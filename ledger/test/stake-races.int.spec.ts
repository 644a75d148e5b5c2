import { randomUUID } from "node:crypto";
import { type Ledger, LedgerError, walletStream } from "@igp/ledger";
import { createTestLedger, ctx } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Stakes racing what ends their round, sent by two processes at once (each its own pool, cache
 * and queue), through the real PostgreSQL store: the last seat, the round's expiry, its
 * settlement (the lock), a lottery's closing. Exactly one stake takes a seat; every other is
 * refused and charged nothing; no stake is both held and returned; money is conserved.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
let other: Awaited<ReturnType<Awaited<ReturnType<typeof createTestLedger>>["otherProcess"]>>;
beforeAll(async () => {
  t = await createTestLedger();
  other = await t.otherProcess();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const STAKE = 1_00;

async function players(count: number) {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (const userId of ids)
    await t.ledger.bonuses.grant(userId, randomUUID(), STAKE, ctx("superAdmin"));
  return ids;
}

async function openRound(game: "coin-flip" | "spin-wheel" | "lottery") {
  const roundId = randomUUID();
  await t.ledger.rounds.open(
    { roundId, game, betAmount: STAKE, cutBasisPoints: game === "lottery" ? 10_000 : 1_000 },
    ctx("system"),
  );
  return roundId;
}

/** Player i stakes from process A or B in turn: "ok" or the refusal's code. */
function stakeFrom(i: number, userId: string, roundId: string, seats?: string[]) {
  const ledger: Ledger = i % 2 === 0 ? t.ledger : other.ledger;
  const stakeId = randomUUID();
  return ledger.rounds
    .placeStake(
      {
        userId,
        roundId,
        stakeId,
        amount: STAKE,
        selection: { clientSeed: stakeId, ...(seats && { seats }) },
      },
      { ...ctx("user", userId), commandId: stakeId },
    )
    .then(
      () => "ok",
      (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
    );
}

const balanceOf = async (userId: string) => {
  const { main, bonus } = await t.ledger.handler.load<{ main: number; bonus: number }>(
    walletStream(userId),
  );
  return main + bonus;
};

async function expectCleanLedger() {
  const replay = await t.replay();
  expect(replay.verdict()).toEqual([]);
  expect(replay.moneyInFlight).toBe(0n);
}

describe("stakes racing", () => {
  it("for the last seat, from two processes: exactly one takes it, the others are charged nothing", async () => {
    const roundId = await openRound("coin-flip");
    const [creator, ...joiners] = await players(11);
    expect(await stakeFrom(0, creator!, roundId, ["heads"])).toBe("ok");
    const outcomes = await Promise.all(joiners.map((u, i) => stakeFrom(i, u, roundId, ["tails"])));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "seat_taken")).toHaveLength(9);
    for (const [i, userId] of joiners.entries())
      expect(await balanceOf(userId)).toBe(outcomes[i] === "ok" ? 0 : STAKE);
    const round = await t.ledger.rounds.read(roundId);
    expect(round.stakes.items.map((s) => s.selection?.seats)).toEqual([["heads"], ["tails"]]);
    await expectCleanLedger();
  });

  for (const end of ["expiry", "lock"] as const) {
    it(`the round's ${end} on another process: each stake is held and ${end === "expiry" ? "refunded" : "played"}, or refused without charge`, async () => {
      const roundId = await openRound("spin-wheel");
      const [creator, ...joiners] = await players(9);
      expect(await stakeFrom(0, creator!, roundId, ["0"])).toBe("ok");
      const ending =
        end === "expiry"
          ? other.ledger.rounds.cancel(roundId, "expired", ctx("system"))
          : other.ledger.rounds.settle(roundId, [], [], ctx("system"));
      const [outcomes] = await Promise.all([
        Promise.all(joiners.map((u, i) => stakeFrom(2 * i, u, roundId, [String(i + 1)]))),
        ending,
      ]);
      for (const o of outcomes) expect(["ok", "not_pending"]).toContain(o);
      const round = await t.ledger.rounds.read(roundId);
      expect(round.status).toBe(end === "expiry" ? "cancelled" : "settled");
      const held = new Set(round.stakes.items.map((s) => s.userId));
      for (const [i, userId] of joiners.entries()) {
        expect(held.has(userId)).toBe(outcomes[i] === "ok");
        // Refunded by the expiry, or lost to the house by the settlement, or never charged.
        const kept = end === "lock" && outcomes[i] === "ok" ? 0 : STAKE;
        expect(await balanceOf(userId)).toBe(kept);
      }
      await expectCleanLedger();
    });
  }

  it("a lottery's closing on another process: each ticket is in the final list, or refused without charge", async () => {
    const roundId = await openRound("lottery");
    const buyers = await players(30);
    const [outcomes] = await Promise.all([
      Promise.all(buyers.map((u, i) => stakeFrom(2 * i, u, roundId))),
      other.ledger.rounds.closeStakes(roundId, ctx("system")),
    ]);
    for (const o of outcomes) expect(["ok", "not_pending"]).toContain(o);
    const round = await t.ledger.rounds.read(roundId);
    expect(round.status).toBe("closed");
    const held = new Set(round.stakes.items.map((s) => s.userId));
    for (const [i, userId] of buyers.entries()) {
      expect(held.has(userId)).toBe(outcomes[i] === "ok");
      expect(await balanceOf(userId)).toBe(outcomes[i] === "ok" ? 0 : STAKE);
    }
    expect(new Set(round.stakes.items.map((s) => s.number)).size).toBe(round.stakes.length);
    await expectCleanLedger();
  });
});
