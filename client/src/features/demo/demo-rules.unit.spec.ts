import {
  type CoinSide,
  minorToMajor,
  numberAtPointer,
  WHEEL_NUMBERS,
  WHEEL_SEGMENT_DEGREES,
} from "@igp/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POINTER_HALF_WIDTH_DEGREES } from "../../components/wheel/wheel-look.ts";
import {
  buyTicket,
  DEFAULT_BET,
  DEMO_GAMES,
  DEMO_LOTTERIES,
  DEMO_STOP_MARGIN_DEGREES,
  type DemoState,
  drawLottery,
  drawWheelStop,
  isGameOver,
  parseBet,
  playFlip,
  playSpin,
  STARTING_BALANCE,
  settleRound,
  startingState,
  TICKETS_PER_DRAW,
  wheelStop,
} from "./demo-rules.ts";

const sideArb = fc.constantFrom<CoinSide>("H", "T");
const balanceArb = fc.integer({ min: 0, max: 10_000_000 });
const angleArb = fc.double({ min: 0, max: 359.999, noNaN: true });
/** Bets as a player might type them: amounts, zero, negatives, words, too many decimals. */
const betTextArb = fc.oneof(
  fc.integer({ min: 1, max: 20_000_000 }).map((minor) => String(minorToMajor(minor))),
  fc.constantFrom("0", "0.00", "-5", "-0.01", "abc", "", " ", "1e3", "10.123", "NaN", "Infinity"),
  fc.string(),
);
const stateArb = (balance = balanceArb) =>
  balance.map((b): DemoState => ({ ...startingState("flip-coin"), balance: b }));

/** Every demo action, drawn at random, applied to a state: the balance must stay a natural number. */
const actionArb = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), bet: betTextArb, side: sideArb, out: sideArb }),
  fc.record({
    kind: fc.constant("spin" as const),
    bet: betTextArb,
    number: fc.constantFrom(...WHEEL_NUMBERS),
    angle: angleArb,
  }),
  fc.record({
    kind: fc.constant("buy" as const),
    lottery: fc.constantFrom(...DEMO_LOTTERIES),
    pick: fc.nat(TICKETS_PER_DRAW),
  }),
  fc.record({
    kind: fc.constant("draw" as const),
    lottery: fc.constantFrom(...DEMO_LOTTERIES),
    winning: fc.integer({ min: 1, max: TICKETS_PER_DRAW }),
  }),
  fc.constant({ kind: "settle" as const }),
);

type Action = typeof actionArb extends fc.Arbitrary<infer A> ? A : never;

function apply(state: DemoState, action: Action): DemoState {
  const decision =
    action.kind === "flip"
      ? playFlip(state, action.bet, action.side, action.out)
      : action.kind === "spin"
        ? playSpin(state, action.bet, action.number, wheelStop(action.angle))
        : action.kind === "buy"
          ? buyTicket(state, action.lottery, action.pick)
          : action.kind === "draw"
            ? drawLottery(state, action.lottery, action.winning)
            : { ok: true as const, value: { state: settleRound(state) } };
  return decision.ok ? decision.value.state : state;
}

describe("the demo rules", () => {
  it("start each demo with the spec's play money and propose a bet of 10", () => {
    expect(DEMO_GAMES.map((game) => startingState(game).balance)).toEqual([
      100_00, 1000_00, 500_00,
    ]);
    expect(STARTING_BALANCE["flip-coin"]).toBe(10_000);
    expect(DEFAULT_BET).toBe(10_00);
  });

  it("never let the play money go negative, whatever is played in any order", () => {
    fc.assert(
      fc.property(balanceArb, fc.array(actionArb, { maxLength: 40 }), (balance, actions) => {
        let state: DemoState = { ...startingState("lottery"), balance };
        for (const action of actions) {
          state = apply(state, action);
          expect(Number.isSafeInteger(state.balance)).toBe(true);
          expect(state.balance).toBeGreaterThanOrEqual(0);
        }
        expect(settleRound(state).balance).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("move a coin flip by exactly one bet: up on a win, down on a loss", () => {
    fc.assert(
      fc.property(
        stateArb(),
        fc.integer({ min: 1, max: 10_000_000 }),
        sideArb,
        sideArb,
        (state, stake, side, outcome) => {
          fc.pre(stake <= state.balance);
          const played = playFlip(state, String(minorToMajor(stake)), side, outcome);
          expect(played.ok).toBe(true);
          if (!played.ok) return;
          // The stake leaves at the lock; the payout arrives when the coin lands.
          expect(played.value.state.balance).toBe(state.balance - stake);
          const after = settleRound(played.value.state).balance;
          expect(after).toBe(state.balance + (side === outcome ? stake : -stake));
        },
      ),
    );
  });

  it("move a spin by twice the bet up on a win and one bet down on a loss", () => {
    fc.assert(
      fc.property(
        stateArb(),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...WHEEL_NUMBERS),
        angleArb,
        (state, stake, number, angle) => {
          fc.pre(stake <= state.balance);
          const stop = wheelStop(angle);
          const played = playSpin(state, String(minorToMajor(stake)), number, stop);
          expect(played.ok).toBe(true);
          if (!played.ok) return;
          const after = settleRound(played.value.state).balance;
          expect(after).toBe(state.balance + (stop.winnerValue === number ? 2 * stake : -stake));
        },
      ),
    );
  });

  it("spin the wheel 5 full turns plus the angle, and read the winner under the pointer", () => {
    fc.assert(
      fc.property(angleArb, (angle) => {
        const stop = wheelStop(angle);
        expect(stop.finalRotation).toBe(1800 + angle);
        expect(stop.winnerValue).toBe(numberAtPointer(stop.finalRotation));
        expect(WHEEL_NUMBERS).toContain(stop.winnerValue);
      }),
    );
  });

  it("stop the wheel with the whole pointer over the number drawn, never near a line", () => {
    expect(DEMO_STOP_MARGIN_DEGREES).toBeGreaterThanOrEqual(POINTER_HALF_WIDTH_DEGREES);
    fc.assert(
      fc.property(fc.nat(5), fc.nat(), (segment, draw) => {
        const stop = drawWheelStop((n) => (n === WHEEL_NUMBERS.length ? segment : draw % n));
        const intoSegment = (stop.finalRotation - 1800) % WHEEL_SEGMENT_DEGREES;
        expect(intoSegment).toBeGreaterThanOrEqual(DEMO_STOP_MARGIN_DEGREES);
        expect(intoSegment).toBeLessThanOrEqual(WHEEL_SEGMENT_DEGREES - DEMO_STOP_MARGIN_DEGREES);
        // Each segment is one number: the first draw alone picks it, so all six are as likely.
        expect(stop.winnerValue).toBe(numberAtPointer(1800 + segment * WHEEL_SEGMENT_DEGREES + 30));
      }),
    );
  });

  it("refuse bad flips with the spec's messages and change nothing", () => {
    const state = startingState("flip-coin");
    expect(playFlip(state, "10", null, "H")).toEqual({ ok: false, refusal: "wait" });
    for (const bet of ["0", "-10", "abc", "", "1.234", "1e2"]) {
      expect(playFlip(state, bet, "H", "H")).toEqual({ ok: false, refusal: "invalidBet" });
    }
    expect(playFlip(state, "100.01", "H", "H")).toEqual({ ok: false, refusal: "notEnoughFunds" });
    expect(playFlip(state, "100", "H", "T").ok).toBe(true);
  });

  it("refuse bad spins with the spec's messages", () => {
    const state = startingState("spin-wheel");
    const stop = wheelStop(30);
    expect(playSpin(state, "10", null, stop)).toEqual({ ok: false, refusal: "noNumber" });
    for (const bet of ["0", "-1", "ten", "1000.01"]) {
      expect(playSpin(state, bet, 1, stop)).toEqual({ ok: false, refusal: "invalidInput" });
    }
  });

  it("sell lottery tickets for their price, never without the money, never the same twice", () => {
    const grand = DEMO_LOTTERIES[2];
    let state: DemoState = { ...startingState("lottery"), balance: 250_00 };
    for (const _ of [1, 2]) {
      const bought = buyTicket(state, grand, 0);
      if (!bought.ok) throw new Error(`refused: ${bought.refusal}`);
      state = bought.value.state;
    }
    expect(state.balance).toBe(50_00);
    expect(state.tickets.grand).toEqual([1, 2]);
    expect(buyTicket(state, grand, 0)).toEqual({ ok: false, refusal: "notEnoughForTicket" });
  });

  it("draw a lottery: the prize when a ticket of mine wins, nothing otherwise; tickets used up", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEMO_LOTTERIES),
        fc.uniqueArray(fc.integer({ min: 1, max: TICKETS_PER_DRAW }), { minLength: 1 }),
        fc.integer({ min: 1, max: TICKETS_PER_DRAW }),
        (lottery, mine, winning) => {
          const state = { ...startingState("lottery"), tickets: { [lottery.id]: mine } };
          const drawn = drawLottery(state, lottery, winning);
          expect(drawn.ok).toBe(true);
          if (!drawn.ok) return;
          expect(drawn.value.state.tickets[lottery.id]).toBeUndefined();
          const prize = mine.includes(winning) ? lottery.winAmount : 0;
          expect(settleRound(drawn.value.state).balance).toBe(state.balance + prize);
        },
      ),
    );
    expect(drawLottery(startingState("lottery"), DEMO_LOTTERIES[0], 1)).toEqual({
      ok: false,
      refusal: "noTickets",
    });
  });

  it("offer the spec's three lotteries", () => {
    expect(DEMO_LOTTERIES.map(({ price, winAmount }) => [price, winAmount])).toEqual([
      [50_00, 1000_00],
      [20_00, 200_00],
      [100_00, 5000_00],
    ]);
  });

  it("read only positive amounts with at most two decimals as bets", () => {
    expect(parseBet("10")).toBe(10_00);
    expect(parseBet(" 2.5 ")).toBe(2_50);
    expect(parseBet("0.01")).toBe(1);
    for (const bad of ["0", "0.00", "-1", "1.001", "abc", "", "1e3", "Infinity", "0x10"]) {
      expect(parseBet(bad)).toBeNull();
    }
  });

  it("say 'Game Over!' once the play money cannot cover a stake", () => {
    expect(isGameOver("flip-coin", { ...startingState("flip-coin"), balance: 0 })).toBe(true);
    expect(isGameOver("flip-coin", { ...startingState("flip-coin"), balance: 1 })).toBe(false);
    expect(isGameOver("lottery", { ...startingState("lottery"), balance: 19_99 })).toBe(true);
    expect(isGameOver("lottery", { ...startingState("lottery"), balance: 20_00 })).toBe(false);
  });
});
