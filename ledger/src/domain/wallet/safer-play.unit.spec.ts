import { describe, expect, it } from "vitest";
import { LedgerError } from "../ledger-error.ts";
import { limitAt } from "./safer-play.ts";
import { decideWallet, type WalletCommand } from "./wallet.decide.ts";
import { evolveWallet, initialWallet, type WalletState } from "./wallet.events.ts";

/** Pure decisions of the wallet's safer play: limits, the 24-hour wait, breaks, windows, age. */

const T0 = "2026-03-10T09:00:00.000Z"; // a Tuesday, 12:00 in Addis Ababa
const plus = (at: string, hours: number) =>
  new Date(Date.parse(at) + hours * 3_600_000).toISOString();

function apply(state: WalletState, command: WalletCommand): WalletState {
  return decideWallet(state, command).reduce(evolveWallet, state);
}
const funded = (): WalletState => ({ ...initialWallet(), main: 1_000_000 });
const stake = (amount: number, at: string, requireAge = false): WalletCommand => ({
  type: "PlaceStake",
  stakeId: crypto.randomUUID(),
  roundId: "r1",
  amount,
  at,
  requireAge,
});
const setLimit = (
  limit: "lossDay" | "stakePerRound" | "depositWeek",
  amount: number | null,
  at: string,
): WalletCommand => ({
  type: "SetPlayLimit",
  limit,
  amount,
  at,
  setBy: "u1",
});
const refusal = (state: WalletState, command: WalletCommand) => {
  try {
    decideWallet(state, command);
  } catch (error) {
    if (error instanceof LedgerError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return "accepted";
};
const payout = (state: WalletState, amount: number) =>
  evolveWallet(state, {
    type: "WalletCredited",
    data: {
      transferId: crypto.randomUUID(),
      from: "round-r1",
      amount,
      main: amount,
      bonus: 0,
      reason: "payout",
    },
  });

describe("limits", () => {
  it("a first limit and a lower one apply at once; a raise and a removal after 24 hours", () => {
    let s = apply(funded(), setLimit("lossDay", 10_000, T0));
    expect(limitAt(s.play, "lossDay", T0)).toBe(10_000);
    s = apply(s, setLimit("lossDay", 5_000, plus(T0, 1)));
    expect(limitAt(s.play, "lossDay", plus(T0, 1))).toBe(5_000);
    s = apply(s, setLimit("lossDay", 20_000, plus(T0, 2)));
    expect(limitAt(s.play, "lossDay", plus(T0, 25.99))).toBe(5_000);
    expect(limitAt(s.play, "lossDay", plus(T0, 26))).toBe(20_000);
    s = apply(s, setLimit("lossDay", null, plus(T0, 27)));
    expect(limitAt(s.play, "lossDay", plus(T0, 50))).toBe(20_000);
    expect(limitAt(s.play, "lossDay", plus(T0, 51))).toBeNull();
  });

  it("two tabs: a raise then a lowering leaves the lowering, with no raise waiting", () => {
    let s = apply(funded(), setLimit("lossDay", 10_000, T0));
    s = apply(s, setLimit("lossDay", 90_000, T0));
    s = apply(s, setLimit("lossDay", 3_000, T0));
    expect(limitAt(s.play, "lossDay", plus(T0, 100))).toBe(3_000);
  });

  it("two tabs: a lowering then a raise leaves the lowering now and the raise in 24 hours", () => {
    let s = apply(funded(), setLimit("lossDay", 10_000, T0));
    s = apply(s, setLimit("lossDay", 3_000, T0));
    s = apply(s, setLimit("lossDay", 90_000, T0));
    expect(limitAt(s.play, "lossDay", plus(T0, 23))).toBe(3_000);
    expect(limitAt(s.play, "lossDay", plus(T0, 24))).toBe(90_000);
  });

  it("a loss limit counts stakes less what came back, in the operator's calendar day", () => {
    let s = apply(funded(), setLimit("lossDay", 10_000, T0));
    s = apply(s, stake(6_000, T0));
    expect(refusal(s, stake(5_000, T0))).toBe(
      "restricted: This stake would pass your daily loss limit of ETB 100.00 (ETB 40.00 left).",
    );
    s = payout(s, 3_000); // won some back: 3,000 lost so far
    expect(refusal(s, stake(7_000, T0))).toBe("accepted");
    s = apply(s, stake(7_000, T0));
    expect(refusal(s, stake(1, T0))).toMatch(/daily loss limit/);
    // 21:00 UTC is midnight in Addis Ababa: a new day.
    expect(refusal(s, stake(1, "2026-03-10T20:59:59.000Z"))).toMatch(/daily loss limit/);
    expect(refusal(s, stake(10_000, "2026-03-10T21:00:00.000Z"))).toBe("accepted");
  });

  it("a credit after the day turned counts for the day of the last stake: never more room", () => {
    let s = apply(funded(), setLimit("lossDay", 10_000, T0));
    s = apply(s, stake(10_000, T0));
    s = payout(s, 10_000); // arrives the next day, before any stake of that day
    const nextDay = plus(T0, 24);
    s = apply(s, stake(10_000, nextDay));
    expect(refusal(s, stake(1, nextDay))).toMatch(/daily loss limit/);
  });

  it("the stake per round limit and the weekly deposit limit", () => {
    let s = apply(funded(), setLimit("stakePerRound", 2_000, T0));
    expect(refusal(s, stake(2_001, T0))).toBe(
      "restricted: This stake is over your stake limit per round of ETB 20.00.",
    );
    expect(refusal(s, stake(2_000, T0))).toBe("accepted");
    s = apply(s, setLimit("depositWeek", 50_000, T0));
    const deposit = (amount: number, at: string): WalletCommand => ({
      type: "CountDeposit",
      depositId: crypto.randomUUID(),
      amount,
      at,
    });
    s = apply(s, deposit(40_000, T0));
    expect(refusal(s, deposit(10_001, plus(T0, 48)))).toMatch(
      /weekly deposit limit of ETB 500.00 \(ETB 100.00 left\)/,
    );
    // Monday 00:00 in Addis Ababa (Sunday 21:00 UTC): a new week.
    expect(refusal(s, deposit(50_000, "2026-03-15T21:00:00.000Z"))).toBe("accepted");
  });
});

describe("breaks", () => {
  const timeOut = (until: string | null, at = T0): WalletCommand => ({
    type: "TakeBreak",
    kind: until === null ? "selfExclusion" : "timeOut",
    until,
    at,
    takenBy: "u1",
  });

  it("a time-out refuses stakes and deposits until it ends, not withdrawals", () => {
    const s = apply(funded(), timeOut(plus(T0, 24)));
    expect(refusal(s, stake(100, plus(T0, 23)))).toMatch(
      /^restricted: You are taking a break until/,
    );
    expect(
      refusal(s, { type: "CountDeposit", depositId: "d", amount: 5_000, at: plus(T0, 1) }),
    ).toMatch(/^restricted/);
    const withdrawal: WalletCommand = {
      type: "HoldWithdrawal",
      withdrawalId: "w",
      transferId: crypto.randomUUID(),
      amount: 100,
      allowBonus: false,
      method: "bank",
      accountNumber: "1000",
      withdrawCode: "h1:x",
      at: plus(T0, 1),
    };
    expect(refusal(s, withdrawal)).toBe("accepted");
    expect(refusal(s, stake(100, plus(T0, 24)))).toBe("accepted");
  });

  it("nothing shortens a break; a longer one or a permanent exclusion extends it", () => {
    let s = apply(funded(), timeOut(plus(T0, 48)));
    expect(refusal(s, timeOut(plus(T0, 24), plus(T0, 1)))).toBe(
      "invalid: You are already excluded for longer than that.",
    );
    s = apply(s, timeOut(null, plus(T0, 1)));
    expect(refusal(s, timeOut(plus(T0, 1_000_000), plus(T0, 2)))).toMatch(/already excluded/);
    expect(refusal(s, stake(100, plus(T0, 900_000)))).toBe(
      "restricted: You have excluded yourself permanently. You can still see your history and withdraw.",
    );
  });
});

describe("age", () => {
  it("a stake that requires the age confirmation is refused until it is given", () => {
    let s = funded();
    expect(refusal(s, stake(100, T0, true))).toBe(
      "restricted: Please confirm your age and accept the terms in your profile before you play.",
    );
    s = apply(s, { type: "ConfirmAge", minimumAge: 18, at: T0 });
    expect(refusal(s, stake(100, T0, true))).toBe("accepted");
    expect(decideWallet(s, { type: "ConfirmAge", minimumAge: 18, at: T0 })).toEqual([]);
  });
});
