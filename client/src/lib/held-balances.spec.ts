import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Balances, type ShownWallet, shownWallet } from "./held-balances.ts";

type User = Balances & { fullName: string };
const signedIn = (mainBalance: number, bonusBalance = 0): ShownWallet<User> => ({
  user: { fullName: "Meron Alemu", mainBalance, bonusBalance },
  held: null,
  holds: 0,
});
const run = (state: ShownWallet<User>, ...events: Parameters<typeof shownWallet<User>>[1][]) =>
  events.reduce(shownWallet<User>, state);
const shown = (state: ShownWallet<User>) => [state.user?.mainBalance, state.user?.bonusBalance];

describe("the balances the screens show", () => {
  it("show every push at once while nothing holds them", () => {
    const state = run(signedIn(100), {
      type: "balances",
      balances: { mainBalance: 116, bonusBalance: 5 },
    });
    expect(shown(state)).toEqual([116, 5]);
    expect(state.held).toBeNull();
  });

  it("keep a payout back while a round holds them, and show it when released", () => {
    const holding = run(
      signedIn(100),
      { type: "hold" },
      { type: "balances", balances: { mainBalance: 80, bonusBalance: 0 } },
      { type: "balances", balances: { mainBalance: 116, bonusBalance: 0 } },
    );
    // The stake showed at once; the payout waits.
    expect(shown(holding)).toEqual([80, 0]);
    expect(holding.held).toEqual({ mainBalance: 116, bonusBalance: 0 });
    const released = run(holding, { type: "release" });
    expect(shown(released)).toEqual([116, 0]);
    expect(released.held).toBeNull();
  });

  it("hold an API re-read's balances too, but take its other fields", () => {
    const state = run(
      signedIn(80),
      { type: "hold" },
      {
        type: "user",
        user: { fullName: "Meron A.", mainBalance: 116, bonusBalance: 0 },
      },
    );
    expect(state.user).toEqual({ fullName: "Meron A.", mainBalance: 80, bonusBalance: 0 });
    expect(state.held).toEqual({ mainBalance: 116, bonusBalance: 0 });
  });

  it("wait for the last of several holds, and forget what waited on sign-out", () => {
    const twice = run(
      signedIn(10),
      { type: "hold" },
      { type: "hold" },
      { type: "balances", balances: { mainBalance: 50, bonusBalance: 0 } },
      { type: "release" },
    );
    expect(shown(twice)).toEqual([10, 0]);
    expect(shown(run(twice, { type: "release" }))).toEqual([50, 0]);
    const out = run(twice, { type: "user", user: null }, { type: "release" }, { type: "release" });
    expect(out).toEqual({ user: null, held: null, holds: 0 });
  });

  it("never rise while held, and end on the last push once released", () => {
    const push = fc.record({
      mainBalance: fc.integer({ min: 0, max: 500 }),
      bonusBalance: fc.integer({ min: 0, max: 500 }),
    });
    fc.assert(
      fc.property(push, fc.array(push, { minLength: 1, maxLength: 20 }), (start, pushes) => {
        let state = run(signedIn(start.mainBalance, start.bonusBalance), { type: "hold" });
        for (const balances of pushes) {
          const [main, bonus] = shown(state) as number[];
          state = shownWallet(state, { type: "balances", balances });
          expect(state.user!.mainBalance).toBeLessThanOrEqual(main!);
          expect(state.user!.bonusBalance).toBeLessThanOrEqual(bonus!);
        }
        state = shownWallet(state, { type: "release" });
        expect(shown(state)).toEqual([pushes.at(-1)!.mainBalance, pushes.at(-1)!.bonusBalance]);
      }),
    );
  });
});
