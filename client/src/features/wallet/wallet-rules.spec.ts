import { describe, expect, it } from "vitest";
import { statusColour } from "./transactions-list.tsx";
import { withdrawPreview } from "./withdraw-preview.ts";

describe("withdraw preview", () => {
  const balances = { mainBalance: 100, bonusBalance: 50 };
  it("is the amount when main covers it", () => {
    expect(withdrawPreview(balances, "80")).toEqual({
      kind: "ok",
      payout: 80,
      fee: 0,
      usesBonus: false,
    });
  });
  it("takes 20% of the part taken from the playable balance", () => {
    expect(withdrawPreview(balances, "130")).toEqual({
      kind: "ok",
      payout: 124,
      fee: 6,
      usesBonus: true,
    });
  });
  it("says insufficient when main plus bonus is short", () => {
    expect(withdrawPreview(balances, "150.01")).toEqual({ kind: "insufficient" });
  });
  it("shows nothing for an empty or invalid amount", () => {
    expect(withdrawPreview(balances, "")).toEqual({ kind: "empty" });
    expect(withdrawPreview(balances, "1.234")).toEqual({ kind: "empty" });
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
