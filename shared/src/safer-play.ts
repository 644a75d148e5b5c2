import { DEFAULT_TIME_ZONE } from "./api/reports.ts";
import { MINOR_UNITS_PER_MAJOR, minorToMajor } from "./money.ts";

/**
 * Safer play (docs/safer-play.md): the limits a player sets, time-outs and self-exclusions, and
 * the age confirmation. The ledger's wallet decisions enforce them; the client shows the same
 * words. Amounts are minor units here; the wire carries major units.
 */

export const LIMIT_KINDS = [
  "depositDay",
  "depositWeek",
  "depositMonth",
  "lossDay",
  "lossWeek",
  "lossMonth",
  "stakePerRound",
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const WINDOWS = ["day", "week", "month"] as const;
export type PlayWindow = (typeof WINDOWS)[number];

/** The window a limit counts over (none for the stake per round). */
export const WINDOW_OF: Record<LimitKind, PlayWindow | null> = {
  depositDay: "day",
  depositWeek: "week",
  depositMonth: "month",
  lossDay: "day",
  lossWeek: "week",
  lossMonth: "month",
  stakePerRound: null,
};

/** The smallest and largest limit a player may set. */
export const MIN_LIMIT_MINOR = 1 * MINOR_UNITS_PER_MAJOR;
export const MAX_LIMIT_MINOR = 10_000_000 * MINOR_UNITS_PER_MAJOR;
/** How long a raised or removed limit waits before it applies. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A time-out lasts 24 hours to 6 weeks; a self-exclusion 6 months to 5 years, or for ever. */
export const TIME_OUT_MIN_HOURS = 24;
export const TIME_OUT_MAX_HOURS = 6 * 7 * 24;
export const SELF_EXCLUSION_MIN_MONTHS = 6;
export const SELF_EXCLUSION_MAX_MONTHS = 60;

/** The minimum age when the operator sets none (MINIMUM_AGE). */
export const DEFAULT_MINIMUM_AGE = 18;

/**
 * Limits count in calendar windows of the operator's time zone (Africa/Addis_Ababa, which has
 * no daylight saving): today, this week (from Monday) and this month, as the reports count days.
 * A fixed zone, so that a window never moves under a decision (docs/safer-play.md).
 */
export const PLAY_TIME_ZONE = DEFAULT_TIME_ZONE;

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: PLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The last minute's keys: a stake decides and folds them, so most calls skip Intl (~2 us). */
let cached: { minute: number; keys: Record<PlayWindow, string> } | null = null;

/** The keys of the day, week and month windows that hold the instant `at`. */
export function windowKeys(at: string | number): Record<PlayWindow, string> {
  const time = typeof at === "number" ? at : Date.parse(at);
  const minute = Math.floor(time / 60_000); // zones' offsets are whole minutes
  if (cached?.minute !== minute) cached = { minute, keys: computeKeys(time) };
  return cached.keys;
}

function computeKeys(at: number): Record<PlayWindow, string> {
  const day = dayFormat.format(new Date(at)); // YYYY-MM-DD in the operator's zone
  const noon = Date.parse(`${day}T12:00:00Z`);
  const weekday = (new Date(noon).getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(noon - weekday * DAY_MS).toISOString().slice(0, 10);
  return { day, week: monday, month: day.slice(0, 7) };
}

/** The end of a time-out of `hours` from `at`. */
export function timeOutEnd(at: string, hours: number): string {
  return new Date(Date.parse(at) + hours * HOUR_MS).toISOString();
}

/** The end of a self-exclusion of `months` from `at` (calendar months, UTC). */
export function selfExclusionEnd(at: string, months: number): string {
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end.toISOString();
}

const etb = (minor: number) => `ETB ${minorToMajor(minor).toFixed(2)}`;

const LIMIT_NAMES: Record<LimitKind, string> = {
  depositDay: "daily deposit limit",
  depositWeek: "weekly deposit limit",
  depositMonth: "monthly deposit limit",
  lossDay: "daily loss limit",
  lossWeek: "weekly loss limit",
  lossMonth: "monthly loss limit",
  stakePerRound: "stake limit per round",
};

/** What a player is told when a limit refuses a stake or a deposit. */
export function limitReachedMessage(kind: LimitKind, limitMinor: number, leftMinor: number) {
  const left = Math.max(0, leftMinor);
  if (kind === "stakePerRound")
    return `This stake is over your stake limit per round of ${etb(limitMinor)}.`;
  const what = kind.startsWith("deposit") ? "deposit" : "stake";
  return `This ${what} would pass your ${LIMIT_NAMES[kind]} of ${etb(limitMinor)} (${etb(left)} left).`;
}

/** An instant as players read it in a message: "2026-11-27 09:30 UTC". */
export const readableUtc = (at: string) => `${at.slice(0, 16).replace("T", " ")} UTC`;

export const SAFER_PLAY_MESSAGES = {
  notConfirmedAge: "Please confirm your age and accept the terms in your profile before you play.",
  timedOut: (until: string) =>
    `You are taking a break until ${readableUtc(until)}. You can still see your history and withdraw.`,
  selfExcluded: (until: string | null) =>
    until === null
      ? "You have excluded yourself permanently. You can still see your history and withdraw."
      : `You have excluded yourself until ${readableUtc(until)}. You can still see your history and withdraw.`,
  alreadyExcluded: "You are already excluded for longer than that.",
  limitKind: `Limit must be one of: ${LIMIT_KINDS.join(", ")}.`,
  limitRequired: "Enter a limit amount, or remove the limit.",
  limitNotNumber: "Limit amount must be a number.",
  limitTooSmall: `Limit amount must be at least ${etb(MIN_LIMIT_MINOR)}.`,
  limitTooLarge: `Limit amount must be at most ${etb(MAX_LIMIT_MINOR)}.`,
  limitDecimals: "Limit amount must have at most 2 decimals.",
  timeOutHours: `A time-out lasts ${TIME_OUT_MIN_HOURS} hours to ${TIME_OUT_MAX_HOURS / 24 / 7} weeks: give whole hours from ${TIME_OUT_MIN_HOURS} to ${TIME_OUT_MAX_HOURS}.`,
  selfExclusionMonths: `A self-exclusion lasts ${SELF_EXCLUSION_MIN_MONTHS} months to ${SELF_EXCLUSION_MAX_MONTHS / 12} years: give whole months from ${SELF_EXCLUSION_MIN_MONTHS} to ${SELF_EXCLUSION_MAX_MONTHS}, or permanent.`,
  confirmAge: (minimumAge: number) => `Please confirm that you are ${minimumAge} or older.`,
  acceptTerms: "Please accept the terms and conditions.",
  realityCheckMinutes: "Reality check must be a whole number of minutes from 5 to 240, or off.",
} as const;

export { LIMIT_NAMES };
