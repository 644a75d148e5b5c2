import type pg from "pg";
import { DomainError } from "../domain-error.ts";

/** Wrong codes allowed per request, and per staff account over all requests, in one window. */
export const CODE_ATTEMPT_LIMITS = { perRequest: 5, perStaff: 20, windowMinutes: 60 } as const;

export const TOO_MANY_WRONG_CODES =
  "Too many wrong codes. Ask the player to check the code, and try again later.";

/**
 * Limits guessing of deposit and withdraw codes: a code has about 40 bits, and a request opens
 * to nobody after five wrong tries within the hour, whoever typed them. Kept in PostgreSQL so
 * every server process counts the same tries.
 */
export class CodeAttempts {
  constructor(private readonly db: pg.Pool) {}

  /** Refuses (too_many_attempts: a 429) when this request, or this staff account, has had too many wrong codes. */
  async assertAllowed(requestId: string, staffId: string) {
    const { rows } = await this.db.query<{ request: number; staff: number }>(
      `SELECT count(*) FILTER (WHERE request_id = $1)::int AS request,
              count(*) FILTER (WHERE staff_id = $2)::int AS staff
         FROM request_code_failures
        WHERE (request_id = $1 OR staff_id = $2) AND at > now() - make_interval(mins => $3)`,
      [requestId, staffId, CODE_ATTEMPT_LIMITS.windowMinutes],
    );
    const tries = rows[0]!;
    if (
      tries.request >= CODE_ATTEMPT_LIMITS.perRequest ||
      tries.staff >= CODE_ATTEMPT_LIMITS.perStaff
    )
      throw new DomainError("too_many_attempts", TOO_MANY_WRONG_CODES);
  }

  async recordFailure(requestId: string, staffId: string) {
    await this.db.query(
      `WITH pruned AS (
         DELETE FROM request_code_failures WHERE at < now() - make_interval(mins => $3)
       )
       INSERT INTO request_code_failures (request_id, staff_id) VALUES ($1, $2)`,
      [requestId, staffId, CODE_ATTEMPT_LIMITS.windowMinutes * 2],
    );
  }
}
