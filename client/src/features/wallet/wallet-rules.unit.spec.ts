import { minorToMajor, splitWithdrawal } from "@igp/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { statusColour } from "./transactions.ts";
import { withdrawPreview } from "./withdraw-preview.ts";

describe("withdraw preview", () => {
  const balances = { mainBalance: 100, bonusBalance: 50 };
  it("is the amount when main covers it", () => {
    expect(withdrawPreview(balances, "80", false)).toEqual({
      kind: "ok",
      payout: 80,
      fee: 0,
      usesBonus: false,
    });
  });
  it("takes 20% of the part taken from the playable balance", () => {
    expect(withdrawPreview(balances, "130", true)).toEqual({
      kind: "ok",
      payout: 124,
      fee: 6,
      usesBonus: true,
    });
  });
  it("says insufficient when main plus bonus is short", () => {
    expect(withdrawPreview(balances, "150.01", true)).toEqual({ kind: "insufficient" });
  });
  it("asks for the playable balance when main is short and the box is not ticked", () => {
    expect(withdrawPreview(balances, "130", false)).toEqual({ kind: "needsBonus" });
  });
  it("agrees with the server's rule for every amount, balance and choice", () => {
    const minor = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        minor,
        minor,
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.boolean(),
        (main, bonus, amount, allowBonus) => {
          const preview = withdrawPreview(
            { mainBalance: minorToMajor(main), bonusBalance: minorToMajor(bonus) },
            String(minorToMajor(amount)),
            allowBonus,
          );
          const server = splitWithdrawal({ main, bonus }, amount, allowBonus);
          expect(preview).toEqual(
            server
              ? {
                  kind: "ok",
                  payout: minorToMajor(server.payout),
                  fee: minorToMajor(server.fee),
                  usesBonus: server.fromBonus > 0,
                }
              : { kind: main + bonus >= amount ? "needsBonus" : "insufficient" },
          );
        },
      ),
    );
  });
  it("shows nothing for an empty or invalid amount", () => {
    expect(withdrawPreview(balances, "", true)).toEqual({ kind: "empty" });
    expect(withdrawPreview(balances, "1.234", true)).toEqual({ kind: "empty" });
  });
});

describe("status colours", () => {
  it("are green for completed, red for failed, yellow otherwise", () => {
    expect(statusColour("Completed")).toBe("green");
    expect(statusColour("approved")).toBe("green");
    expect(statusColour("failed")).toBe("red");
    expect(statusColour("pending")).toBe("yellow");
  });
});
