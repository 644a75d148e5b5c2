import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Balances, type ShownWallet, shownWallet } from "./held-balances.ts";

type User = Balances & { fullName: string };
const signedIn = (mainBalance: number, bonusBalance = 0): ShownWallet<User> => ({
  user: { fullName: "Meron Alemu", mainBalance, bonusBalance },
  held: null,
  holds: 0,
  rounds: [],
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
    expect(out).toEqual({ user: null, held: null, holds: 0, rounds: [] });
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

  it("keep a held round's payout back whenever it comes, before any start notice", () => {
    const seated = run(
      signedIn(80),
      { type: "hold", round: "r1" },
      { type: "balances", balances: { mainBalance: 116, bonusBalance: 0 }, round: "r1" },
    );
    expect(shown(seated)).toEqual([80, 0]);
    // The start notice and the animation hold everything; the landing releases both.
    const landed = run(
      seated,
      { type: "hold" },
      { type: "release" },
      { type: "release", round: "r1" },
    );
    expect(shown(landed)).toEqual([116, 0]);
  });

  it("show a deposit at once while a round is only held, but not once a payout waits", () => {
    const deposit = run(
      signedIn(80),
      { type: "hold", round: "r1" },
      { type: "balances", balances: { mainBalance: 580, bonusBalance: 0 } },
    );
    expect(shown(deposit)).toEqual([580, 0]);
    const afterPayout = run(
      deposit,
      { type: "balances", balances: { mainBalance: 616, bonusBalance: 0 }, round: "r1" },
      { type: "balances", balances: { mainBalance: 1116, bonusBalance: 0 } },
    );
    expect(shown(afterPayout)).toEqual([580, 0]);
    expect(shown(run(afterPayout, { type: "release", round: "r1" }))).toEqual([1116, 0]);
  });

  it("show a fall at once after a held payout, and still keep later rises back until released", () => {
    const state = run(
      signedIn(80),
      { type: "hold", round: "r1" },
      { type: "balances", balances: { mainBalance: 116, bonusBalance: 0 }, round: "r1" },
      { type: "balances", balances: { mainBalance: 66, bonusBalance: 0 } },
    );
    expect(shown(state)).toEqual([66, 0]);
    const deposit = run(state, {
      type: "balances",
      balances: { mainBalance: 566, bonusBalance: 0 },
    });
    expect(shown(deposit)).toEqual([66, 0]);
    expect(shown(run(deposit, { type: "release", round: "r1" }))).toEqual([566, 0]);
  });

  it("keep an API re-read's rise back while a round is held; another round's payout shows", () => {
    const state = run(
      signedIn(80),
      { type: "hold", round: "r1" },
      { type: "balances", balances: { mainBalance: 96, bonusBalance: 0 }, round: "r2" },
      { type: "user", user: { fullName: "Meron Alemu", mainBalance: 132, bonusBalance: 0 } },
    );
    expect(shown(state)).toEqual([96, 0]);
    expect(state.held).toEqual({ mainBalance: 132, bonusBalance: 0 });
  });

  it("never show a held round's payout before every hold is released, in any order", () => {
    const step = fc.oneof(
      fc.constant({ type: "hold" } as const),
      fc.constant({ type: "release" } as const),
      fc.constantFrom("r1", "r2").map((round) => ({ type: "hold", round }) as const),
      fc.constantFrom("r1", "r2").map((round) => ({ type: "release", round }) as const),
      fc.record({
        type: fc.constant("balances" as const),
        balances: fc.record({
          mainBalance: fc.integer({ min: 0, max: 500 }),
          bonusBalance: fc.integer({ min: 0, max: 50 }),
        }),
        round: fc.option(fc.constantFrom("r1", "r2"), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state = signedIn(100, 10);
        // Once a rise from a held round arrives, nothing rises until the holds are all gone.
        let frozenAt: number[] | null = null;
        for (const event of steps) {
          const before = shown(state) as number[];
          state = shownWallet(state, event);
          const free = state.holds === 0 && state.rounds.length === 0;
          if (free) frozenAt = null;
          if (frozenAt) {
            expect(state.user!.mainBalance).toBeLessThanOrEqual(frozenAt[0]!);
            expect(state.user!.bonusBalance).toBeLessThanOrEqual(frozenAt[1]!);
            frozenAt = shown(state) as number[];
          }
          const heldRise =
            event.type === "balances" &&
            event.round !== undefined &&
            state.rounds.includes(event.round) &&
            (event.balances.mainBalance > before[0]! || event.balances.bonusBalance > before[1]!);
          if (heldRise) {
            expect(shown(state)).toEqual(before);
            frozenAt = before;
          }
        }
        // Released, the screen ends on the wallet as the last move left it.
        const lastPush = steps.filter((e) => e.type === "balances").at(-1);
        if (state.holds === 0 && state.rounds.length === 0 && lastPush?.type === "balances")
          expect(shown(state)).toEqual([
            lastPush.balances.mainBalance,
            lastPush.balances.bonusBalance,
          ]);
      }),
    );
  });
});
