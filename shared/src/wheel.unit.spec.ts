import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finalRotationFor, numberAtPointer, WHEEL_FULL_TURNS, wheelResultFor } from "./wheel.ts";

describe("the wheel's stop", () => {
  it("brings the winning number's segment centre under the pointer after whole turns", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), (winner) => {
        const rotation = finalRotationFor(winner);
        expect(numberAtPointer(rotation)).toBe(winner);
        expect(rotation).toBeGreaterThanOrEqual(WHEEL_FULL_TURNS * 360);
        expect(rotation).toBeLessThan((WHEEL_FULL_TURNS + 1) * 360);
        // The pointer sits mid-segment: 30 degrees either way stays on the same number.
        expect(numberAtPointer(rotation + 29)).toBe(winner);
        expect(numberAtPointer(rotation - 29)).toBe(winner);
        expect(wheelResultFor(winner)).toEqual({
          winnerValue: winner,
          winnerIndex: winner - 1,
          finalRotation: rotation,
        });
      }),
    );
  });

  it("is documented for number 1: 8 turns and 330 degrees", () => {
    expect(finalRotationFor(1)).toBe(8 * 360 + 330);
    expect(finalRotationFor(6)).toBe(8 * 360 + 30);
  });
});
