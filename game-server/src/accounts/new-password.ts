import { audienceOf, PASSWORD_MESSAGES, type PasswordMessages, passwordProblem } from "@igp/shared";
import { invalid } from "../domain-error.ts";
import { verifyPassword } from "./passwords.ts";
import type { UserRow } from "./users-repository.ts";

/**
 * The checks a new password needs beyond its request schema, which only knows the player rule:
 * the stricter rule when the account is staff's, and a password other than the current one.
 * Throws the refusal (invalid: a 400); returns when the password may be set.
 */
export async function checkNewPassword(
  account: Pick<UserRow, "role" | "password_hash">,
  newPassword: string,
  messages: PasswordMessages,
  field = "newPassword",
): Promise<void> {
  const problem = passwordProblem(newPassword, audienceOf(account.role), messages);
  if (problem) throw invalid(problem, field);
  if (account.password_hash && (await verifyPassword(account.password_hash, newPassword)))
    throw invalid(PASSWORD_MESSAGES.sameAsCurrent, field);
}
