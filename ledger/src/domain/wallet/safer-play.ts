import {
  amountMinorSchema,
  LIMIT_KINDS,
  LIMIT_RAISE_DELAY_MS,
  type LimitKind,
  limitReachedMessage,
  MAX_LIMIT_MINOR,
  MIN_LIMIT_MINOR,
  type PlayWindow,
  SAFER_PLAY_MESSAGES,
  WINDOW_OF,
  WINDOWS,
  windowKeys,
} from "@igp/shared";
import { z } from "zod";
import { idSchema, isoTime } from "../common-schemas.ts";
import { refuse } from "../ledger-error.ts";

/**
 * A player's safer play in the wallet stream (docs/safer-play.md): the limits in force and the
 * raises waiting their 24 hours, a time-out or self-exclusion, the age confirmation, and what
 * the player deposited, staked and got back in the current day, week and month. It is part of
 * the wallet's state, so a stake is checked against it and stored under the same expected
 * revision: no two stakes, and no stake and limit change, can pass each other.
 */

const limitAmount = z.number().int().min(MIN_LIMIT_MINOR).max(MAX_LIMIT_MINOR);

export const saferPlayEvents = {
  /** A limit set, changed or removed (`amount` null), in force from `appliesAt`. */
  PlayLimitSet: z.object({
    limit: z.enum(LIMIT_KINDS),
    amount: limitAmount.nullable(),
    at: isoTime,
    appliesAt: isoTime,
    setBy: idSchema,
  }),
  /** A time-out or self-exclusion, until `until` (null: permanent). Nothing lifts it. */
  PlayBreakTaken: z.object({
    kind: z.enum(["timeOut", "selfExclusion"]),
    until: isoTime.nullable(),
    at: isoTime,
    takenBy: idSchema,
  }),
  /** The player confirmed the minimum age and accepted the terms. */
  AgeConfirmed: z.object({
    minimumAge: z.number().int().min(1).max(99),
    termsAccepted: z.literal(true),
    at: isoTime,
  }),
  /** A deposit request counted against the deposit limits (no money moves). */
  DepositCounted: z.object({ depositId: idSchema, amount: amountMinorSchema, at: isoTime }),
} as const;

interface LimitEntry {
  amount: number | null;
  /** A raise or removal waiting its 24 hours. */
  next?: { amount: number | null; from: string };
}

interface WindowTotals {
  key: string;
  deposited: number;
  staked: number;
  /** Stakes come back: payouts, prizes, refunds and returns. */
  returned: number;
}

export interface PlayState {
  limits: Partial<Record<LimitKind, LimitEntry>>;
  windows: Record<PlayWindow, WindowTotals>;
  breakTaken: { kind: "timeOut" | "selfExclusion"; until: string | null } | null;
  ageConfirmed: boolean;
}

const emptyWindow = (key: string): WindowTotals => ({ key, deposited: 0, staked: 0, returned: 0 });

export const initialPlay = (): PlayState => ({
  limits: {},
  windows: { day: emptyWindow(""), week: emptyWindow(""), month: emptyWindow("") },
  breakTaken: null,
  ageConfirmed: false,
});

/** The limit in force at `at` (null: none). */
export function limitAt(play: PlayState | undefined, kind: LimitKind, at: string): number | null {
  const entry = play?.limits[kind];
  if (!entry) return null;
  return entry.next && entry.next.from <= at ? entry.next.amount : entry.amount;
}

/** A limit entry as it stands at `at`: a waiting change that is due has applied. */
function settled(entry: LimitEntry | undefined, at: string): LimitEntry {
  if (!entry) return { amount: null };
  return entry.next && entry.next.from <= at ? { amount: entry.next.amount } : entry;
}

/**
 * The totals of the windows holding `at` (zero for a window that has not started yet). A time
 * older than the windows held (two processes' clocks) gets the newer windows: overstated, safe.
 */
export function totalsAt(
  play: PlayState | undefined,
  at: string,
): Record<PlayWindow, WindowTotals> {
  const keys = windowKeys(at);
  const out = {} as Record<PlayWindow, WindowTotals>;
  for (const w of WINDOWS) {
    const held = play?.windows[w];
    out[w] = held && held.key !== "" && held.key >= keys[w] ? held : emptyWindow(keys[w]);
  }
  return out;
}

/** Adds a timed movement to the windows holding `at`, opening new ones as the calendar turns. */
function count(play: PlayState, at: string, add: Partial<Omit<WindowTotals, "key">>): PlayState {
  const totals = totalsAt(play, at);
  const windows = {} as Record<PlayWindow, WindowTotals>;
  for (const w of WINDOWS) {
    const t = totals[w];
    windows[w] = {
      key: t.key,
      deposited: t.deposited + (add.deposited ?? 0),
      staked: t.staked + (add.staked ?? 0),
      returned: t.returned + (add.returned ?? 0),
    };
  }
  return { ...play, windows };
}

/**
 * Money coming back from a round. A credit carries no time of its own: it counts in the windows
 * of the player's last timed movement. When the calendar has turned since, it counts for a window
 * that is over, so the current window's loss is overstated, never understated: the limit holds.
 */
export function countReturned(play: PlayState | undefined, amount: number): PlayState | undefined {
  if (!play || play.windows.day.key === "") return play;
  const windows = {} as Record<PlayWindow, WindowTotals>;
  for (const w of WINDOWS)
    windows[w] = { ...play.windows[w], returned: play.windows[w].returned + amount };
  return { ...play, windows };
}

export type SaferPlayEvent =
  | { type: "PlayLimitSet"; data: z.infer<typeof saferPlayEvents.PlayLimitSet> }
  | { type: "PlayBreakTaken"; data: z.infer<typeof saferPlayEvents.PlayBreakTaken> }
  | { type: "AgeConfirmed"; data: z.infer<typeof saferPlayEvents.AgeConfirmed> }
  | { type: "DepositCounted"; data: z.infer<typeof saferPlayEvents.DepositCounted> };

export function evolvePlay(state: PlayState | undefined, event: SaferPlayEvent): PlayState {
  const play = state ?? initialPlay();
  switch (event.type) {
    case "PlayLimitSet": {
      const { limit, amount, at, appliesAt } = event.data;
      const before = settled(play.limits[limit], at);
      const entry: LimitEntry =
        appliesAt <= at ? { amount } : { amount: before.amount, next: { amount, from: appliesAt } };
      return { ...play, limits: { ...play.limits, [limit]: entry } };
    }
    case "PlayBreakTaken":
      return { ...play, breakTaken: { kind: event.data.kind, until: event.data.until } };
    case "AgeConfirmed":
      return { ...play, ageConfirmed: true };
    case "DepositCounted":
      return count(play, event.data.at, { deposited: event.data.amount });
  }
}

/** A stake counted in the windows of its time. */
export const countStaked = (play: PlayState | undefined, at: string, amount: number) =>
  count(play ?? initialPlay(), at, { staked: amount });

/** The break in force at `at`, if any. */
export function breakAt(play: PlayState | undefined, at: string) {
  const taken = play?.breakTaken;
  if (!taken) return null;
  return taken.until === null || at < taken.until ? taken : null;
}

/** Refuses anything but signing in, history and withdrawals during a time-out or exclusion. */
export function assertNoBreak(play: PlayState | undefined, at: string) {
  const taken = breakAt(play, at);
  if (!taken) return;
  refuse(
    "restricted",
    taken.kind === "timeOut"
      ? SAFER_PLAY_MESSAGES.timedOut(taken.until!)
      : SAFER_PLAY_MESSAGES.selfExcluded(taken.until),
  );
}

/** Refuses a stake of `amount` at `at` that a break, the age rule or a limit forbids. */
export function assertMayStake(
  play: PlayState | undefined,
  amount: number,
  at: string,
  requireAge: boolean,
) {
  assertNoBreak(play, at);
  if (requireAge && !play?.ageConfirmed) refuse("restricted", SAFER_PLAY_MESSAGES.notConfirmedAge);
  const perRound = limitAt(play, "stakePerRound", at);
  if (perRound !== null && amount > perRound)
    refuse("restricted", limitReachedMessage("stakePerRound", perRound, perRound));
  const totals = totalsAt(play, at);
  for (const kind of ["lossDay", "lossWeek", "lossMonth"] as const) {
    const limit = limitAt(play, kind, at);
    if (limit === null) continue;
    const window = totals[WINDOW_OF[kind]!];
    const loss = window.staked - window.returned;
    if (loss + amount > limit) refuse("restricted", limitReachedMessage(kind, limit, limit - loss));
  }
}

/** Refuses a deposit request of `amount` at `at` that a break or a deposit limit forbids. */
export function assertMayDeposit(play: PlayState | undefined, amount: number, at: string) {
  assertNoBreak(play, at);
  const totals = totalsAt(play, at);
  for (const kind of ["depositDay", "depositWeek", "depositMonth"] as const) {
    const limit = limitAt(play, kind, at);
    if (limit === null) continue;
    const deposited = totals[WINDOW_OF[kind]!].deposited;
    if (deposited + amount > limit)
      refuse("restricted", limitReachedMessage(kind, limit, limit - deposited));
  }
}

/**
 * A limit change: lowering (or a first limit) applies at once; raising or removing applies
 * after 24 hours. The same amount as in force applies at once (and drops a waiting raise).
 */
export function limitChange(
  play: PlayState | undefined,
  limit: LimitKind,
  amount: number | null,
  at: string,
  setBy: string,
): SaferPlayEvent {
  const current = limitAt(play, limit, at);
  const lowers = amount !== null && (current === null || amount <= current);
  const appliesAt = lowers ? at : new Date(Date.parse(at) + LIMIT_RAISE_DELAY_MS).toISOString();
  return { type: "PlayLimitSet", data: { limit, amount, at, appliesAt, setBy } };
}

/** A time-out or exclusion; one that ends before the break in force is refused. */
export function breakTaken(
  play: PlayState | undefined,
  kind: "timeOut" | "selfExclusion",
  until: string | null,
  at: string,
  takenBy: string,
): SaferPlayEvent {
  const current = breakAt(play, at);
  if (current && (current.until === null || (until !== null && until <= current.until)))
    refuse("invalid", SAFER_PLAY_MESSAGES.alreadyExcluded);
  return { type: "PlayBreakTaken", data: { kind, until, at, takenBy } };
}
