/**
 * Money inside the system is an integer count of minor units (santim: 1 ETB = 100).
 * On the wire amounts are major units with at most two decimals; the conversion below
 * works on the decimal text of the number, never on float arithmetic. No zod here (the schemas
 * of amounts: money-schemas.ts): a screen that only formats or converts amounts does not
 * download the validation library.
 */
export const MINOR_UNITS_PER_MAJOR = 100;

/** The largest single amount accepted anywhere: 10 billion in major units. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/** The largest balance any account may reach; keeps every sum a safe integer. */
export const MAX_BALANCE_MINOR = 1_000_000_000_000_000;

const MAJOR_TEXT = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;

/** Converts a major-unit number such as 50.25 to 5025 minor units, or returns null. */
export function majorToMinor(major: number): number | null {
  if (!Number.isFinite(major)) return null;
  const match = MAJOR_TEXT.exec(String(major));
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const minor = whole * MINOR_UNITS_PER_MAJOR + cents;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Converts minor units to the wire's major-unit number (exact for two decimals). */
export function minorToMajor(minor: number): number {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / MINOR_UNITS_PER_MAJOR);
  const cents = String(abs % MINOR_UNITS_PER_MAJOR).padStart(2, "0");
  return Number(`${sign}${whole}.${cents}`);
}

/** Integer division of non-negative safe integers, rounded down, without fractions. */
export function divideDown(dividend: number, divisor: number): number {
  return (dividend - (dividend % divisor)) / divisor;
}

/** `part * percent / 100`, rounded half up to the minor unit. */
export function percentOf(partMinor: number, percent: number): number {
  return divideDown(partMinor * percent + 50, 100);
}

/** `amount * basisPoints / 10000`, rounded down to the minor unit. */
export function basisPointsOf(amountMinor: number, basisPoints: number): number {
  return divideDown(amountMinor * basisPoints, 10_000);
}
