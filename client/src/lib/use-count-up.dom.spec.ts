import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountUp } from "./use-count-up.ts";

describe("an amount counting up", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance"] });
  });
  afterEach(() => vi.useRealTimers());

  it("counts up to a rise in whole santim, through amounts between, and lands on it", () => {
    const { result, rerender } = renderHook(({ amount }) => useCountUp(amount), {
      initialProps: { amount: 80 },
    });
    rerender({ amount: 116 });
    const seen: number[] = [];
    for (let frame = 0; frame < 70; frame++) {
      act(() => vi.advanceTimersByTime(16));
      seen.push(result.current.shown);
    }
    expect(seen.some((amount) => amount > 80 && amount < 116)).toBe(true);
    expect(seen.every((amount) => Number.isInteger(Math.round(amount * 100)))).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(result.current).toEqual({ shown: 116, counting: false });
  });

  it("shows a fall at once", () => {
    const { result, rerender } = renderHook(({ amount }) => useCountUp(amount), {
      initialProps: { amount: 80 },
    });
    rerender({ amount: 75 });
    expect(result.current).toEqual({ shown: 75, counting: false });
  });
});
