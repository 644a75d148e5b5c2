import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COIN_SPIN_MS, coinAngleAt, coinScaleY, faceShown, fullTurnsFor } from "./coin-spin.ts";

const turnsArb = fc.integer({ min: 40, max: 49 });
const outcomeArb = fc.constantFrom<"H" | "T">("H", "T");
/** Times before, during and well after the spin. */
const timeArb = fc.double({ min: 0, max: COIN_SPIN_MS * 2, noNaN: true });

describe("coin spin", () => {
  it("makes between 40 and 49 whole turns, the same for the same key", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (key) => {
        const turns = fullTurnsFor(key);
        expect(Number.isInteger(turns)).toBe(true);
        expect(turns).toBeGreaterThanOrEqual(40);
        expect(turns).toBeLessThanOrEqual(49);
        expect(fullTurnsFor(key)).toBe(turns);
      }),
    );
  });

  it("lands showing the outcome, at exactly the final angle", () => {
    fc.assert(
      fc.property(turnsArb, outcomeArb, (turns, outcome) => {
        const angle = coinAngleAt(COIN_SPIN_MS, turns, outcome);
        expect(angle).toBe(turns * 2 * Math.PI + (outcome === "T" ? Math.PI : 0));
        expect(faceShown(angle)).toBe(outcome);
      }),
    );
  });

  it("starts at 0, heads facing", () => {
    fc.assert(
      fc.property(turnsArb, outcomeArb, (turns, outcome) => {
        expect(coinAngleAt(0, turns, outcome)).toBe(0);
        expect(faceShown(0)).toBe("H");
      }),
    );
  });

  it("never turns backwards", () => {
    fc.assert(
      fc.property(turnsArb, outcomeArb, timeArb, timeArb, (turns, outcome, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        expect(coinAngleAt(earlier, turns, outcome)).toBeLessThanOrEqual(
          coinAngleAt(later, turns, outcome),
        );
      }),
    );
  });

  it("stays still once the spin is over", () => {
    fc.assert(
      fc.property(
        turnsArb,
        outcomeArb,
        fc.double({ min: COIN_SPIN_MS, max: COIN_SPIN_MS * 100, noNaN: true }),
        (turns, outcome, elapsed) => {
          expect(coinAngleAt(elapsed, turns, outcome)).toBe(
            coinAngleAt(COIN_SPIN_MS, turns, outcome),
          );
        },
      ),
    );
  });

  it("keeps a sliver of the coin visible edge-on, full height face-on", () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (angle) => {
        const scale = coinScaleY(angle);
        expect(scale).toBeGreaterThanOrEqual(0.04);
        expect(scale).toBeLessThanOrEqual(1);
      }),
    );
    expect(coinScaleY(0)).toBe(1);
    expect(coinScaleY(Math.PI / 2)).toBe(0.04);
  });
});
