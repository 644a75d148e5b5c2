import type { SecondFactorChallenge } from "@igp/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SecondFactors } from "../accounts/second-factor.ts";
import type { UserRow } from "../accounts/users-repository.ts";
import { HttpError } from "./http-error.ts";

/** Who must sign in with an authenticator (TWO_FACTOR_STAFF, TWO_FACTOR_PLAYERS). */
export interface SecondFactorPolicy {
  staff: boolean;
  players: boolean;
}

export const CODE_NEEDED = "Enter the 6-digit code from your authenticator app.";
export const ENROL_NEEDED =
  "Two-factor sign-in is required: scan the QR code with an authenticator app, then enter the 6-digit code it shows.";

export const mustHaveSecondFactor = (policy: SecondFactorPolicy, role: UserRow["role"]) =>
  role === "user" ? policy.players : policy.staff;

/** What passing the second factor gives the sign-in's answer. */
export interface SecondFactorPassed {
  recoveryCodes?: string[];
  notices: string[];
}

/**
 * The second step of a sign-in whose password was right: nothing for an account without an
 * authenticator that needs none; otherwise the code asked for (or, for an account that must have
 * one and has none, its enrolment), then checked: a wrong or reused code is 401, a locked factor
 * 429 with Retry-After. A first good code confirms a new authenticator and gives its recovery
 * codes.
 */
export async function secondFactorStep(
  factors: SecondFactors,
  policy: SecondFactorPolicy,
  user: UserRow,
  code: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SecondFactorPassed | SecondFactorChallenge> {
  const enrolled = await factors.isEnrolled(user.id);
  if (!enrolled && !mustHaveSecondFactor(policy, user.role)) return { notices: [] };
  const label = user.email ?? user.phone ?? user.full_name;
  if (!code) {
    if (enrolled) return { secondFactor: "code", message: CODE_NEEDED };
    const enrolment = await factors.pendingEnrolment(user.id, label);
    return { secondFactor: "enrol", message: ENROL_NEEDED, enrolment };
  }
  const check = await factors.check(user.id, code);
  if (!check.ok) {
    request.log.warn({ userId: user.id, reason: check.reason }, "second factor refused");
    if (check.reason === "locked") {
      const minutes = Math.ceil(check.lockedSeconds! / 60);
      reply.header("Retry-After", String(check.lockedSeconds));
      throw new HttpError(
        429,
        `Too many wrong codes. Two-factor sign-in is locked for ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        "code",
      );
    }
    throw new HttpError(
      401,
      check.reason === "reused"
        ? "This code has been used already. Wait for the next one."
        : "Wrong code. Please try again.",
      "code",
    );
  }
  const notices: string[] = [];
  const lockouts = await factors.takeUnseenLockouts(user.id);
  if (lockouts > 0)
    notices.push(
      "Someone entered wrong authenticator codes for your account: two-factor sign-in was locked.",
    );
  if (check.recoveryCodesLeft !== undefined)
    notices.push(`A recovery code was used. ${check.recoveryCodesLeft} left.`);
  if (!enrolled) {
    request.log.info({ userId: user.id }, "authenticator confirmed");
    return { recoveryCodes: await factors.newRecoveryCodes(user.id), notices };
  }
  return { notices };
}
