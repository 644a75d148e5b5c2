import {
  type CoinSide,
  MAX_AMOUNT_MINOR,
  majorToMinor,
  numberAtPointer,
  WHEEL_NUMBERS,
  WHEEL_SEGMENT_DEGREES,
} from "@igp/shared";
import { POINTER_HALF_WIDTH_DEGREES } from "../../components/wheel/wheel-look.ts";

/**
 * The demos' rules (player spec, sections 4, 5 and 9), entirely in the browser and in play money:
 * pure functions over a demo's state, in integer minor units. The draws arrive as arguments
 * (secure-random.ts makes them), so every rule is tested without chance.
 *
 * A round takes its stake when it is locked and pays when its animation lands, like a real round:
 * a coin flip win gives back twice the stake (the balance ends up one bet higher), a spin win three
 * times (twice the bet higher); a loss keeps the stake (one bet lower).
 */

export const DEMO_GAMES = ["flip-coin", "spin-wheel", "lottery"] as const;
export type DemoGame = (typeof DEMO_GAMES)[number];

export const isDemoGame = (game: string | undefined): game is DemoGame =>
  DEMO_GAMES.includes(game as DemoGame);

/** Starting play money: coin flip 100, spin wheel 1000, lottery 500 (minor units). */
export const STARTING_BALANCE: Record<DemoGame, number> = {
  "flip-coin": 100_00,
  "spin-wheel": 1000_00,
  lottery: 500_00,
};

/** The bet the demos propose: 10. */
export const DEFAULT_BET = 10_00;

/** The demo spin: 4 seconds, 5 full turns plus a random angle. */
export const DEMO_SPIN_MS = 4_000;
export const DEMO_SPIN_TURNS = 5;

/** What a refused demo action says; each maps to the spec's message (locales: demo.refusals). */
export type Refusal =
  | "wait"
  | "invalidBet"
  | "notEnoughFunds"
  | "noNumber"
  | "invalidInput"
  | "notEnoughForTicket"
  | "noTicketsLeft"
  | "noTickets";

export type Decision<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const refuse = (refusal: Refusal): { ok: false; refusal: Refusal } => ({ ok: false, refusal });

/** A round decided and staked but not yet shown: paid when its animation lands (or on reopening). */
export interface PendingRound {
  payout: number;
  /** What came out, for the history ("H", "T", a wheel number, a winning ticket). */
  outcome: string;
}

export interface DemoState {
  balance: number;
  pending: PendingRound | null;
  /** The last 10 outcomes, newest first. */
  history: string[];
  /** Lottery only: the ticket numbers held, per demo lottery. */
  tickets: Record<string, number[]>;
}

export const HISTORY_LENGTH = 10;

export const startingState = (game: DemoGame): DemoState => ({
  balance: STARTING_BALANCE[game],
  pending: null,
  history: [],
  tickets: {},
});

/** Whether the play money cannot cover the smallest stake any more: 'Game Over!'. */
export const isGameOver = (game: DemoGame, state: DemoState): boolean =>
  state.pending === null && state.balance < smallestStake(game);

const smallestStake = (game: DemoGame) =>
  game === "lottery" ? Math.min(...DEMO_LOTTERIES.map((lottery) => lottery.price)) : 1;

/**
 * A typed bet in major units ("10", "2.5", "0.75") as minor units, or null when it is not a
 * positive amount with at most two decimals (zero, negative, "abc", "1e3", "1.234").
 */
export function parseBet(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const minor = majorToMinor(Number(trimmed));
  return minor !== null && minor > 0 && minor <= MAX_AMOUNT_MINOR ? minor : null;
}

/** Takes a round's stake and records what it will pay; first pays any round left unpaid. */
function stakeRound(state: DemoState, stake: number, pending: PendingRound): DemoState {
  const settled = settleRound(state);
  return { ...settled, balance: settled.balance - stake, pending };
}

/** Pays the pending round (its animation landed, or the demo reopened after a reload). */
export function settleRound(state: DemoState): DemoState {
  const { pending } = state;
  if (!pending) return state;
  return {
    ...state,
    balance: state.balance + pending.payout,
    pending: null,
    history: [pending.outcome, ...state.history].slice(0, HISTORY_LENGTH),
  };
}

export interface PlacedRound<Outcome> {
  state: DemoState;
  stake: number;
  payout: number;
  outcome: Outcome;
}

/**
 * Coin flip: a side ('Wait!' without one), a positive bet ('Invalid Bet') not above the play
 * money ('Not Enough Funds'); 50/50 by the drawn `outcome`; a win pays back twice the stake.
 */
export function playFlip(
  state: DemoState,
  betText: string,
  side: CoinSide | null,
  outcome: CoinSide,
): Decision<PlacedRound<CoinSide>> {
  if (!side) return refuse("wait");
  const stake = parseBet(betText);
  if (stake === null) return refuse("invalidBet");
  if (stake > settleRound(state).balance) return refuse("notEnoughFunds");
  const payout = outcome === side ? 2 * stake : 0;
  return {
    ok: true,
    value: { state: stakeRound(state, stake, { payout, outcome }), stake, payout, outcome },
  };
}

/** Where the demo wheel stops: 5 full turns plus `angle` degrees, and the number it shows. */
export interface WheelStop {
  finalRotation: number;
  winnerValue: number;
}

export function wheelStop(angle: number): WheelStop {
  const finalRotation = DEMO_SPIN_TURNS * 360 + angle;
  return { finalRotation, winnerValue: numberAtPointer(finalRotation) };
}

/**
 * How near a segment's border the demo wheel may stop: the pointer's half-width, rounded up (5°),
 * so the whole pointer stands over the winning number, never on or beside a line.
 */
export const DEMO_STOP_MARGIN_DEGREES = Math.ceil(POINTER_HALF_WIDTH_DEGREES);

/**
 * A random stop, from `below(n)` (a uniform integer in [0, n)): a segment, every number equally
 * likely, then an angle in it at least the margin from both borders, in thousandths of a degree.
 */
export function drawWheelStop(below: (n: number) => number): WheelStop {
  const segment = below(WHEEL_NUMBERS.length);
  const inside = (WHEEL_SEGMENT_DEGREES - 2 * DEMO_STOP_MARGIN_DEGREES) * 1000;
  return wheelStop(
    segment * WHEEL_SEGMENT_DEGREES + DEMO_STOP_MARGIN_DEGREES + below(inside) / 1000,
  );
}

/**
 * Spin wheel: a number ('No Number Selected' without one) and a positive bet at most the play
 * money ('Invalid Input'); the number under the pointer after the drawn stop wins; a win pays
 * back three times the stake (twice the bet added).
 */
export function playSpin(
  state: DemoState,
  betText: string,
  number: number | null,
  stop: WheelStop,
): Decision<PlacedRound<WheelStop>> {
  if (number === null) return refuse("noNumber");
  const stake = parseBet(betText);
  if (stake === null || stake > settleRound(state).balance) return refuse("invalidInput");
  const payout = stop.winnerValue === number ? 3 * stake : 0;
  const pending = { payout, outcome: String(stop.winnerValue) };
  return {
    ok: true,
    value: { state: stakeRound(state, stake, pending), stake, payout, outcome: stop },
  };
}

/** The three demo lotteries (prices 50, 20, 100; first prizes 1000, 200, 5000). */
export const DEMO_LOTTERIES = [
  { id: "daily", price: 50_00, winAmount: 1000_00 },
  { id: "mini", price: 20_00, winAmount: 200_00 },
  { id: "grand", price: 100_00, winAmount: 5000_00 },
] as const;
export type DemoLottery = (typeof DEMO_LOTTERIES)[number];

/** Each demo draw has tickets 1 to 10; one of them wins. */
export const TICKETS_PER_DRAW = 10;

/** The ticket numbers of a lottery nobody holds yet, ascending. */
export function freeTickets(state: DemoState, lottery: DemoLottery): number[] {
  const held = state.tickets[lottery.id] ?? [];
  return Array.from({ length: TICKETS_PER_DRAW }, (_, i) => i + 1).filter((n) => !held.includes(n));
}

/**
 * Buys the free ticket at `pick` (an index into freeTickets): the price leaves the play money
 * ('Not enough balance to buy ticket.' when it cannot).
 */
export function buyTicket(
  state: DemoState,
  lottery: DemoLottery,
  pick: number,
): Decision<{ state: DemoState; ticket: number }> {
  const settled = settleRound(state);
  if (settled.balance < lottery.price) return refuse("notEnoughForTicket");
  const free = freeTickets(settled, lottery);
  const ticket = free[pick];
  if (ticket === undefined) return refuse("noTicketsLeft");
  const held = [...(settled.tickets[lottery.id] ?? []), ticket].sort((a, b) => a - b);
  return {
    ok: true,
    value: {
      state: {
        ...settled,
        balance: settled.balance - lottery.price,
        tickets: { ...settled.tickets, [lottery.id]: held },
      },
      ticket,
    },
  };
}

/**
 * The demo draw of a lottery the player holds tickets of: `winning` (1 to 10) wins the first prize.
 * The tickets are used up; the prize is paid when the draw has been shown.
 */
export function drawLottery(
  state: DemoState,
  lottery: DemoLottery,
  winning: number,
): Decision<{ state: DemoState; mine: number[]; winning: number; payout: number }> {
  const settled = settleRound(state);
  const mine = settled.tickets[lottery.id] ?? [];
  if (mine.length === 0) return refuse("noTickets");
  const payout = mine.includes(winning) ? lottery.winAmount : 0;
  const { [lottery.id]: _used, ...tickets } = settled.tickets;
  return {
    ok: true,
    value: {
      state: { ...settled, tickets, pending: { payout, outcome: String(winning) } },
      mine,
      winning,
      payout,
    },
  };
}
