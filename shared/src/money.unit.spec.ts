import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { basisPointsOf, MAX_AMOUNT_MINOR, majorToMinor, minorToMajor, percentOf } from "./money.ts";
import { amountMajorSchema } from "./money-schemas.ts";
import { splitStake, splitWithdrawal } from "./wallet-rules.ts";

describe("major and minor units", () => {
  it("converts wire amounts exactly, without float arithmetic", () => {
    expect(majorToMinor(50)).toBe(5_000);
    expect(majorToMinor(50.25)).toBe(5_025);
    expect(majorToMinor(0.1)).toBe(10);
    expect(majorToMinor(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(majorToMinor(1.005)).toBeNull(); // three decimals
    expect(majorToMinor(-1)).toBeNull();
    expect(majorToMinor(Number.NaN)).toBeNull();
    expect(majorToMinor(1e21)).toBeNull();
  });

  it("round-trips every minor amount through the wire form", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), (minor) => {
        expect(majorToMinor(minorToMajor(minor))).toBe(minor);
      }),
    );
  });

  it("rejects bad wire amounts with a clear message", () => {
    for (const bad of [0, -5, 10.123, 1e13]) {
      const result = amountMajorSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "Amount must be a positive number with at most 2 decimals.",
      );
    }
    expect(amountMajorSchema.safeParse("50").success).toBe(false);
    expect(amountMajorSchema.safeParse(Number.POSITIVE_INFINITY).error?.issues[0]?.message).toBe(
      "Amount must be a number.",
    );
    expect(amountMajorSchema.parse(99.99)).toBe(9_999);
  });

  it("takes percentages and basis points in integers", () => {
    expect(percentOf(2_500, 20)).toBe(500);
    expect(percentOf(3, 20)).toBe(1); // 0.6 rounds half up to 1
    expect(percentOf(2, 20)).toBe(0); // 0.4 rounds to 0
    expect(basisPointsOf(20_000, 1_000)).toBe(2_000);
    expect(basisPointsOf(15, 1_000)).toBe(1); // 1.5 rounds down: the player's favour
  });
});

describe("wallet rules", () => {
  it("takes a withdrawal from main first, then bonus with the 20% fee on that part", () => {
    expect(splitWithdrawal({ main: 10_000, bonus: 0 }, 4_000, false)).toEqual({
      fromMain: 4_000,
      fromBonus: 0,
      fee: 0,
      payout: 4_000,
    });
    expect(splitWithdrawal({ main: 1_000, bonus: 5_000 }, 3_000, true)).toEqual({
      fromMain: 1_000,
      fromBonus: 2_000,
      fee: 400,
      payout: 2_600,
    });
    expect(splitWithdrawal({ main: 1_000, bonus: 5_000 }, 3_000, false)).toBeNull();
    expect(splitWithdrawal({ main: 1_000, bonus: 1_000 }, 2_001, true)).toBeNull();
  });

  it("never takes more than asked or than there is, and the fee stays within 20% of the bonus part", () => {
    const balance = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        balance,
        balance,
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.boolean(),
        (main, bonus, amount, allow) => {
          const split = splitWithdrawal({ main, bonus }, amount, allow);
          if (!split) return;
          expect(split.fromMain + split.fromBonus).toBe(amount);
          expect(split.fromMain).toBeLessThanOrEqual(main);
          expect(split.fromBonus).toBeLessThanOrEqual(bonus);
          expect(split.fee * 100).toBeLessThanOrEqual(split.fromBonus * 20 + 50);
          expect(split.payout + split.fee).toBe(amount);
        },
      ),
    );
  });

  it("pays stakes from bonus first, then main", () => {
    expect(splitStake({ main: 5_000, bonus: 300 }, 1_000)).toEqual({
      fromBonus: 300,
      fromMain: 700,
    });
    expect(splitStake({ main: 5_000, bonus: 3_000 }, 1_000)).toEqual({
      fromBonus: 1_000,
      fromMain: 0,
    });
    expect(splitStake({ main: 500, bonus: 300 }, 1_000)).toBeNull();
  });
});
