import { describe, expect, it } from "vitest";
import { checkDue, sessionFigures } from "./reality-check-clock.ts";

describe("the reality check's clock", () => {
  const session = { startedAt: 0, startBalance: 100.1, lastCheckAt: 0 };
  it("is due every N minutes after the last check, never when off", () => {
    expect(checkDue(session, 15, 15 * 60_000 - 1)).toBe(false);
    expect(checkDue(session, 15, 15 * 60_000)).toBe(true);
    expect(checkDue({ ...session, lastCheckAt: 15 * 60_000 }, 15, 20 * 60_000)).toBe(false);
    expect(checkDue(session, 0, 10 ** 9)).toBe(false);
  });
  it("counts whole minutes and the balances' change to the cent", () => {
    expect(sessionFigures(session, 61 * 60_000 + 59_999, 70.2)).toEqual({
      minutes: 61,
      net: -29.9,
    });
    expect(sessionFigures(session, 0, 100.3)).toEqual({ minutes: 0, net: 0.2 });
  });
});
