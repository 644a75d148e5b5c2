import { potAfterCut } from "@igp/ledger";
import { numberTaken } from "@igp/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  drawsAtDeadline,
  heldNumbers,
  readyToDraw,
  SELECTION_LOCKED,
  type SpinWheelSeat,
  spin,
  whyNotLock,
  whyNotPick,
} from "./spin-wheel.rules.ts";

const seedText = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

/** Two to six players, each holding a disjoint, non-empty share of a subset of 1..6. */
const seatsArb = fc
  .shuffledSubarray([1, 2, 3, 4, 5, 6], { minLength: 2 })
  .chain((numbers) =>
    fc
      .array(fc.integer({ min: 0, max: numbers.length - 2 }), {
        minLength: 1,
        maxLength: numbers.length - 1,
      })
      .map((cuts) => {
        const bounds = [...new Set(cuts.map((c) => c + 1))].sort((a, b) => a - b);
        return [0, ...bounds].map((start, i) => numbers.slice(start, bounds[i] ?? numbers.length));
      }),
  )
  .chain((shares) =>
    fc.tuple(...shares.map(() => seedText)).map((seeds) =>
      shares.map(
        (selectedNumbers, i): SpinWheelSeat => ({
          player: `player-${i}`,
          selectedNumbers,
          clientSeed: seeds[i]!,
        }),
      ),
    ),
  );

describe("spin wheel rules", () => {
  it("holds every number some seat locked, each once, ascending", () => {
    fc.assert(
      fc.property(seatsArb, (seats) => {
        const union = [...new Set(seats.flatMap((seat) => seat.selectedNumbers))];
        expect(heldNumbers(seats)).toEqual(union.sort((a, b) => a - b));
      }),
    );
  });

  it("pays the one holder of the drawn number, which is held, the pot minus the cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          roundId: fc.uuid(),
          serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
          players: seatsArb,
          betAmount: fc.integer({ min: 100, max: 1_000_000_00 }),
          cutBasisPoints: fc.integer({ min: 0, max: 10_000 }),
        }),
        async (round) => {
          const { winnerValue, winner, payout } = await spin(round);
          const held = heldNumbers(round.players);
          expect(held).toContain(winnerValue);
          const holders = round.players.filter((s) => s.selectedNumbers.includes(winnerValue));
          expect(holders.map((s) => s.player)).toEqual([winner]);
          const pot = round.betAmount * held.length;
          expect(payout).toBe(potAfterCut(pot, round.cutBasisPoints));
          expect(payout).toBeLessThanOrEqual(pot);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("draws every held number about equally often", async () => {
    const players: SpinWheelSeat[] = [
      { player: "a", selectedNumbers: [2], clientSeed: "a" },
      { player: "b", selectedNumbers: [3, 5], clientSeed: "b" },
    ];
    const counts = new Map<number, number>();
    for (let i = 0; i < 3_000; i++) {
      const round = { roundId: `r${i}`, serverSeed: "f".repeat(64), players, betAmount: 100 };
      const { winnerValue } = await spin({ ...round, cutBasisPoints: 1000 });
      counts.set(winnerValue, (counts.get(winnerValue) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([2, 3, 5]);
    for (const count of counts.values()) expect(Math.abs(count - 1_000)).toBeLessThan(150);
  });

  it("draws now only when all six are held by two players or more; at the deadline with two", () => {
    fc.assert(
      fc.property(seatsArb, (seats) => {
        const all = heldNumbers(seats).length === 6;
        expect(readyToDraw(seats)).toBe(all);
        expect(drawsAtDeadline(seats)).toBe(true);
        const alone = [{ ...seats[0]!, selectedNumbers: [1, 2, 3, 4, 5, 6] }];
        expect(readyToDraw(alone)).toBe(false);
        expect(drawsAtDeadline(alone)).toBe(false);
      }),
    );
  });

  it("never lets a number go to a second player, by pick or by lock", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.integer({ min: 1, max: 6 })), {
          maxLength: 30,
        }),
        (attempts) => {
          const picks = new Map<number, string>();
          for (const [user, n] of attempts) {
            const why = whyNotPick([], picks, user, n);
            const owner = picks.get(n);
            expect(why).toBe(owner && owner !== user ? numberTaken(n) : null);
            if (!why) picks.set(n, user);
          }
          const round = { players: [], deadline: new Date(Date.now() + 60_000).toISOString() };
          for (const [n, owner] of picks) {
            for (const user of ["a", "b", "c"]) {
              const why = whyNotLock(round, picks, user, [n], Date.now());
              expect(why).toBe(user === owner ? null : numberTaken(n));
            }
          }
        },
      ),
    );
  });

  it("freezes a player's selection once locked, and refuses locks after the deadline", () => {
    const seat = { player: "a", selectedNumbers: [1], clientSeed: "s" };
    const open = { players: [seat], deadline: new Date(Date.now() + 60_000).toISOString() };
    expect(whyNotPick([seat], new Map([[1, "a"]]), "a", 2)).toBe(SELECTION_LOCKED);
    expect(whyNotLock(open, new Map(), "a", [2], Date.now())).toBe(SELECTION_LOCKED);
    const past = { players: [], deadline: new Date(Date.now() - 1).toISOString() };
    expect(whyNotLock(past, new Map(), "b", [2], Date.now())).toBe("This game has expired.");
  });
});
