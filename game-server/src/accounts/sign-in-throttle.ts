import type pg from "pg";

/**
 * Per-account sign-in throttling, whatever the address: the first FREE_FAILURES wrong passwords
 * cost nothing; each one after locks the account's sign-in for a delay that doubles from
 * FIRST_DELAY_SECONDS up to MAX_DELAY_SECONDS. A failure more than a day after the previous one
 * starts the count again; a successful sign-in resets it. State is in PostgreSQL, so every server
 * process counts together.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetAfterHours: 24,
} as const;

/** The lock, in seconds, after `failures` consecutive failures. */
export function lockSecondsAfter(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_THROTTLE;
  if (failures < freeFailures) return 0;
  const doublings = Math.min(failures - freeFailures, 16);
  return Math.min(firstDelaySeconds * 2 ** doublings, maxDelaySeconds);
}

export class SignInThrottle {
  constructor(private readonly db: pg.Pool) {}

  /** Seconds until `key` may try again; 0 when it may now. */
  async waitSeconds(key: string): Promise<number> {
    const { rows } = await this.db.query(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS wait
         FROM sign_in_failures WHERE login_key = $1 AND locked_until > now()`,
      [key],
    );
    return rows[0]?.wait ?? 0;
  }

  /** Counts a wrong password for `key`; returns the consecutive failures so far. */
  async recordFailure(key: string): Promise<number> {
    const { rows } = await this.db.query(
      `INSERT INTO sign_in_failures (login_key, failures, unseen_failures) VALUES ($1, 1, 1)
       ON CONFLICT (login_key) DO UPDATE SET
         failures = CASE WHEN sign_in_failures.last_failure_at < now() - make_interval(hours => $2)
                         THEN 1 ELSE sign_in_failures.failures + 1 END,
         unseen_failures = sign_in_failures.unseen_failures + 1,
         last_failure_at = now()
       RETURNING failures`,
      [key, SIGN_IN_THROTTLE.forgetAfterHours],
    );
    const failures: number = rows[0].failures;
    const lock = lockSecondsAfter(failures);
    if (lock > 0) {
      await this.db.query(
        "UPDATE sign_in_failures SET locked_until = now() + make_interval(secs => $2) WHERE login_key = $1",
        [key, lock],
      );
    }
    return failures;
  }

  /** Clears `key` after a good sign-in; returns the failures its owner has not been told of. */
  async recordSuccess(key: string): Promise<number> {
    const { rows } = await this.db.query(
      "DELETE FROM sign_in_failures WHERE login_key = $1 RETURNING unseen_failures",
      [key],
    );
    return rows[0]?.unseen_failures ?? 0;
  }
}

/** What the owner is told once, at the next good sign-in. */
export const failedAttemptsNotice = (count: number) =>
  `${count} failed sign-in attempt${count === 1 ? "" : "s"} since your last sign-in.`;

/** The 429 answer, in the rate limits' words, with the wait rounded up to whole minutes. */
export function signInRefusal(waitSeconds: number) {
  const minutes = Math.ceil(waitSeconds / 60);
  return {
    message: `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  };
}
