import { finalRotationFor, numberAtPointer, WHEEL_NUMBERS, wheelResultFor } from "@igp/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { segmentArc, segmentAtPointer, WHEEL_SPIN_MS, wheelRotationAt } from "./wheel-spin.ts";

const numberArb = fc.constantFrom(...WHEEL_NUMBERS);
const timeArb = fc.double({ min: 0, max: WHEEL_SPIN_MS * 2, noNaN: true });

describe("the wheel", () => {
  it("stops with the server's winner under the pointer, as drawn", () => {
    fc.assert(
      fc.property(numberArb, (winner) => {
        const { winnerIndex, finalRotation } = wheelResultFor(winner);
        expect(wheelRotationAt(WHEEL_SPIN_MS, finalRotation)).toBe(finalRotation);
        expect(segmentAtPointer(finalRotation)).toBe(winnerIndex);
      }),
    );
  });

  it("reads any rotation the same way the server's geometry does", () => {
    fc.assert(
      fc.property(fc.double({ min: -7200, max: 7200, noNaN: true }), (rotation) => {
        // Exactly on a border the two may round to either side; a hair inside they agree.
        fc.pre(Math.abs(((rotation % 60) + 60) % 60) > 1e-6);
        fc.pre(Math.abs((((rotation % 60) + 60) % 60) - 60) > 1e-6);
        expect(segmentAtPointer(rotation) + 1).toBe(numberAtPointer(rotation));
      }),
    );
  });

  it("draws six equal segments, 1 starting at 12 o'clock, clockwise", () => {
    expect(segmentArc(0).start).toBeCloseTo(-Math.PI / 2);
    for (const index of [0, 1, 2, 3, 4]) {
      expect(segmentArc(index).end).toBeCloseTo(segmentArc(index + 1).start);
    }
    expect(segmentArc(5).end).toBeCloseTo((3 * Math.PI) / 2);
    expect(segmentAtPointer(0)).toBe(0);
  });

  it("starts at rest, never turns backwards and stays still once stopped", () => {
    fc.assert(
      fc.property(numberArb, timeArb, timeArb, (winner, a, b) => {
        const final = finalRotationFor(winner);
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        expect(wheelRotationAt(0, final)).toBe(0);
        expect(wheelRotationAt(earlier, final)).toBeLessThanOrEqual(wheelRotationAt(later, final));
        if (earlier >= WHEEL_SPIN_MS) expect(wheelRotationAt(earlier, final)).toBe(final);
      }),
    );
    expect(wheelRotationAt(Number.NaN, 1000)).toBe(0);
  });

  it("takes a spin of another length (the demo's 4 s) the same way to the same stop", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 360, noNaN: true }), (angle) => {
        const final = 5 * 360 + angle;
        expect(wheelRotationAt(4_000, final, 4_000)).toBe(final);
        expect(wheelRotationAt(3_999, final, 4_000)).toBeLessThan(final + 1e-9);
        expect(wheelRotationAt(2_000, final, 4_000)).toBeCloseTo(
          wheelRotationAt(3_000, final, WHEEL_SPIN_MS),
        );
      }),
    );
  });
});
