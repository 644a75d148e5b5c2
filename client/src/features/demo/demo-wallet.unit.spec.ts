import { afterEach, describe, expect, it, vi } from "vitest";
import { startingState } from "./demo-rules.ts";
import { openDemo, readDemo, resetDemo, saveDemo, settleDemo, storageKey } from "./demo-wallet.ts";

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const stored = (game: "flip-coin" | "spin-wheel" | "lottery") =>
  JSON.parse(localStorage.getItem(storageKey(game)) ?? "null");

describe("the demos' play money in local storage", () => {
  it("starts at the spec's balance and survives a reload (a new read of the store)", () => {
    expect(readDemo("spin-wheel").balance).toBe(1000_00);
    saveDemo("spin-wheel", { ...startingState("spin-wheel"), balance: 990_00 });
    expect(stored("spin-wheel").balance).toBe(990_00);
    expect(readDemo("spin-wheel").balance).toBe(990_00);
    // Each demo keeps its own money, under its own key, apart from the session's token.
    expect(readDemo("flip-coin").balance).toBe(100_00);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it.each([
    ["a negative balance", JSON.stringify({ ...startingState("flip-coin"), balance: -500 })],
    ["a non-numeric balance", JSON.stringify({ ...startingState("flip-coin"), balance: "lots" })],
    ["a fractional balance", JSON.stringify({ ...startingState("flip-coin"), balance: 1.5 })],
    ["a huge balance", JSON.stringify({ ...startingState("flip-coin"), balance: 1e300 })],
    [
      "a negative payout",
      JSON.stringify({ ...startingState("flip-coin"), pending: { payout: -9, outcome: "H" } }),
    ],
    [
      "duplicate tickets",
      JSON.stringify({ ...startingState("flip-coin"), tickets: { daily: [3, 3] } }),
    ],
    [
      "a ticket out of the draw",
      JSON.stringify({ ...startingState("flip-coin"), tickets: { daily: [0] } }),
    ],
    [
      "a history longer than ten",
      JSON.stringify({ ...startingState("flip-coin"), history: Array(11).fill("H") }),
    ],
    ["a missing history", JSON.stringify({ balance: 100, pending: null, tickets: {} })],
    [
      "a pending round without its outcome",
      JSON.stringify({ ...startingState("flip-coin"), pending: { payout: 5 } }),
    ],
    ["an array", "[]"],
    ["null", "null"],
    ["not JSON", "{balance: 100"],
    ["not an object", "42"],
  ])("reads %s as the starting state and saves that back when the demo opens", (_, text) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    localStorage.setItem(storageKey("flip-coin"), text);
    expect(readDemo("flip-coin")).toEqual(startingState("flip-coin"));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("reset to the starting balance"));
    openDemo("flip-coin");
    expect(stored("flip-coin")).toEqual(startingState("flip-coin"));
  });

  it("keeps a stored state's known fields only", () => {
    const state = { ...startingState("lottery"), tickets: { daily: [2, 7] } };
    localStorage.setItem(storageKey("lottery"), JSON.stringify({ ...state, extra: 1 }));
    expect(readDemo("lottery")).toEqual(state);
  });

  it("pays a round a reload interrupted when the demo opens again, once", () => {
    saveDemo("flip-coin", {
      ...startingState("flip-coin"),
      balance: 90_00,
      pending: { payout: 20_00, outcome: "H" },
    });
    openDemo("flip-coin");
    openDemo("flip-coin");
    expect(stored("flip-coin")).toMatchObject({ balance: 110_00, pending: null, history: ["H"] });
    settleDemo("flip-coin");
    expect(readDemo("flip-coin").balance).toBe(110_00);
  });

  it("resets to the starting play money", () => {
    saveDemo("lottery", { ...startingState("lottery"), balance: 0, tickets: { mini: [1] } });
    resetDemo("lottery");
    expect(stored("lottery")).toEqual(startingState("lottery"));
  });
});
