import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { moneyEffect } from "../money-flow.ts";
import { parseLedgerEvent } from "../stream-kinds.ts";
import { stepId } from "../transfer.ts";
import { decideRound } from "./round.decide.ts";
import {
  evolveRound,
  initialRound,
  REFUND_CHUNKS_PER_APPEND,
  type RoundEvent,
  TRANSFERS_PER_EVENT,
} from "./round.events.ts";

/**
 * Issue 18 item 10: a round has no cap on its stakes. A lottery of 25,000 tickets refunds every
 * one and a settlement pays any number of prizes, in events of at most TRANSFERS_PER_EVENT
 * transfers that each pass the stream's schemas, with money conserved.
 */
const TICKETS = 25_000;
const roundId = randomUUID();

function lotteryWith(tickets: number) {
  const events: RoundEvent[] = [
    {
      type: "RoundOpened",
      data: { roundId, game: "lottery", betAmount: 100, cutBasisPoints: 10_000 },
    },
  ];
  let state = evolveRound(initialRound(), events[0]!);
  for (let i = 0; i < tickets; i++) {
    const userId = `player-${i % 700}`;
    const placed = {
      transfer: {
        id: stepId(roundId, "ticket", i),
        to: `round-${roundId}`,
        amount: 100,
        reason: "stake" as const,
      },
      roundId,
      fromMain: i % 3 === 0 ? 0 : 100,
      fromBonus: i % 3 === 0 ? 100 : 0,
      selection: { clientSeed: `seed${i}` },
    };
    for (const event of decideRound(state, {
      type: "Receive",
      from: `wallet-${userId}`,
      userId,
      placed,
    }))
      state = evolveRound(state, event);
  }
  return state;
}

const parsed = (events: RoundEvent[]) =>
  events.map((event) => parseLedgerEvent(`round-${roundId}`, event.type, event.data));

describe(`a round of ${TICKETS.toLocaleString("en")} stakes`, () => {
  const state = lotteryWith(TICKETS);

  it("numbers its stakes 1 to n as received", () => {
    expect(state.stakes).toHaveLength(TICKETS);
    expect(state.stakes.items.at(-1)?.number).toBe(TICKETS);
    expect(state.escrow).toBe(TICKETS * 100);
  });

  it("refunds every stake once, in chunks the schemas accept, over appends the store accepts", () => {
    const appends: RoundEvent[][] = [];
    let current = state;
    while (current.status !== "cancelled") {
      const events = parsed(decideRound(current, { type: "CancelRound", why: "lotteryDeleted" }));
      expect(events.length).toBeLessThanOrEqual(REFUND_CHUNKS_PER_APPEND);
      appends.push(events as RoundEvent[]);
      current = events.reduce((s, e) => evolveRound(s, e as RoundEvent), current);
      if (current.status !== "cancelled") {
        expect(current.status).toBe("refunding");
        // Refunding: the round takes no stake and cannot be settled meanwhile.
        expect(() =>
          decideRound(current, { type: "SettleRound", payouts: [], prizes: [] }),
        ).toThrow();
      }
    }
    const events = appends.flat();
    expect(appends).toHaveLength(
      Math.ceil(TICKETS / TRANSFERS_PER_EVENT / REFUND_CHUNKS_PER_APPEND),
    );
    expect(events).toHaveLength(TICKETS / TRANSFERS_PER_EVENT);
    expect(events.at(-1)?.type).toBe("RoundCancelled");
    expect(events.slice(0, -1).every((e) => e.type === "StakesRefunded")).toBe(true);
    const refunds = events.flatMap((e) => moneyEffect(e).sent);
    expect(new Set(refunds.map((t) => t.id)).size).toBe(TICKETS);
    expect(refunds.reduce((sum, t) => sum + t.amount, 0)).toBe(TICKETS * 100);
    // Each went back to the balance it came from.
    expect(refunds.filter((t) => t.bonus === 100)).toHaveLength(Math.ceil(TICKETS / 3));
    expect(current).toMatchObject({ status: "cancelled", escrow: 0 });
  });

  it("refunds in batches (each append with its wallets' credits): the same refunds, each once", () => {
    const batch = { refunds: 1_000, perWallet: 100 };
    const appends: RoundEvent[][] = [];
    let current = state;
    while (current.status !== "cancelled") {
      const events = parsed(
        decideRound(current, { type: "CancelRound", why: "lotteryDeleted", batch }),
      ) as RoundEvent[];
      const refunds = events.flatMap((e) => moneyEffect(e).sent);
      expect(refunds.length).toBeLessThanOrEqual(batch.refunds);
      const perWallet = new Map<string, number>();
      for (const t of refunds) perWallet.set(t.to, (perWallet.get(t.to) ?? 0) + 1);
      expect(Math.max(...perWallet.values())).toBeLessThanOrEqual(batch.perWallet);
      appends.push(events);
      current = events.reduce((s, e) => evolveRound(s, e), current);
    }
    expect(appends).toHaveLength(TICKETS / batch.refunds);
    const unbatched: RoundEvent[] = [];
    for (let s = state; s.status !== "cancelled"; ) {
      const events = decideRound(s, { type: "CancelRound", why: "lotteryDeleted" });
      unbatched.push(...events);
      s = events.reduce((folded, e) => evolveRound(folded, e), s);
    }
    const ids = (events: RoundEvent[]) => events.flatMap((e) => moneyEffect(e).sent);
    expect(ids(appends.flat())).toEqual(ids(unbatched));
  });

  it("stops a batch before a wallet's refunds exceed one append's events", () => {
    let crowded = lotteryWith(0);
    for (let i = 0; i < 150; i++) {
      const placed = {
        transfer: {
          id: stepId(roundId, "one buyer", i),
          to: `round-${roundId}`,
          amount: 100,
          reason: "stake" as const,
        },
        roundId,
        fromMain: 100,
        fromBonus: 0,
      };
      for (const event of decideRound(crowded, {
        type: "Receive",
        from: "wallet-w",
        userId: "w",
        placed,
      }))
        crowded = evolveRound(crowded, event);
    }
    const batch = { refunds: 1_000, perWallet: 100 };
    const first = decideRound(crowded, { type: "CancelRound", why: "x", batch });
    expect(first.flatMap((e) => moneyEffect(e).sent)).toHaveLength(100);
    expect(first.map((e) => e.type)).toEqual(["StakesRefunded"]);
    const after = first.reduce((s, e) => evolveRound(s, e), crowded);
    const last = decideRound(after, { type: "CancelRound", why: "x", batch });
    expect(last.map((e) => e.type)).toEqual(["RoundCancelled"]);
    expect(last.flatMap((e) => moneyEffect(e).sent)).toHaveLength(50);
  });

  it("settles with any number of prizes from the house, in chunks, the escrow to the house", () => {
    const prizes = Array.from({ length: 2_500 }, (_, i) => ({
      userId: `player-${i}`,
      amount: 1_00,
    }));
    const events = parsed(decideRound(state, { type: "SettleRound", payouts: [], prizes }));
    const chunks = 2_500 / TRANSFERS_PER_EVENT;
    expect(events.map((e) => e.type)).toEqual([
      ...Array(chunks - 1).fill("RoundPaid"),
      "RoundSettled",
    ]);
    const house = events.reduce((sum, e) => sum + moneyEffect(e).house, 0);
    expect(house).toBe(TICKETS * 100 - 2_500 * 1_00);
    expect(new Set(events.flatMap((e) => moneyEffect(e).sent).map((t) => t.id)).size).toBe(2_500);
  });

  it("takes no stake after it closed, nor one placed after its stakesUntil", () => {
    const closed = evolveRound(
      state,
      decideRound(state, { type: "CloseStakes", at: "2026-11-23T10:00:00.000Z" })[0]!,
    );
    const placed = {
      transfer: { id: randomUUID(), to: `round-${roundId}`, amount: 100, reason: "stake" as const },
      roundId,
      fromMain: 100,
      fromBonus: 0,
    };
    const late = decideRound(closed, { type: "Receive", from: "wallet-x", userId: "x", placed });
    expect(late.map((e) => e.type)).toEqual(["StakeReceived", "StakeReturned"]);
    const until = evolveRound(state, {
      type: "StakesDeadlineMoved",
      data: { stakesUntil: "2026-11-23T10:00:00.000Z" },
    });
    const after = decideRound(until, {
      type: "Receive",
      from: "wallet-x",
      userId: "x",
      placed,
      placedAt: "2026-11-23T10:00:00.001Z",
    });
    expect(after.map((e) => e.type)).toEqual(["StakeReceived", "StakeReturned"]);
    const inTime = decideRound(until, {
      type: "Receive",
      from: "wallet-x",
      userId: "x",
      placed,
      placedAt: "2026-11-23T09:59:59.999Z",
    });
    expect(inTime.map((e) => e.type)).toEqual(["StakeReceived"]);
  });
});
