/**
 * A report's range of days in the operator's time zone, as SQL: `$from`, `$to` (both included)
 * and `$zone` become the instants that bound it. Days are counted when the report is read, so a
 * new time zone applies to every report at once, with no rebuild.
 */
export const rangeBounds = (from: string, to: string, zone: string) => `
  bounds AS (
    SELECT (${from}::date)::timestamp AT TIME ZONE ${zone} AS start,
           (${to}::date + 1)::timestamp AT TIME ZONE ${zone} AS finish
  )`;

/**
 * Each local day's first instant from `$1` to `$2` in zone `$3`, in order (`at`): a row finds its
 * day as `$1::date + width_bucket(instant, at) - 1`, a binary search, rather than by a time zone
 * conversion per row (which a year of rounds pays for in seconds).
 */
export const DAY_STARTS = `
  SELECT array_agg(d AT TIME ZONE $3 ORDER BY d) AS at
    FROM generate_series($1::date::timestamp, $2::date::timestamp, interval '1 day') d`;

/** A bigint column from pg (a decimal string) as a number; sums stay within safe integers. */
export function int(value: string | number | null | undefined): number {
  const parsed = Number(value ?? 0);
  if (!Number.isSafeInteger(parsed)) throw new Error(`Report value out of range: ${value}`);
  return parsed;
}
