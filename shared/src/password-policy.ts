import type { Role } from "./constants.ts";

/**
 * The one password policy of every path: registration, change, reset, and the creation of staff
 * accounts. Lengths are counted without surrounding spaces (the password itself is kept as typed).
 * Staff accounts hold float or rule the platform, so they need a longer password that is not
 * trivial. The messages of the specs are used where they give one (see PasswordMessages).
 */
export const PASSWORD_RULES = {
  player: { minLength: 6 },
  staff: { minLength: 10 },
  maxLength: 128,
} as const;

export type PasswordAudience = keyof Omit<typeof PASSWORD_RULES, "maxLength">;

export const audienceOf = (role: Role): PasswordAudience => (role === "user" ? "player" : "staff");

/** The words a path shows; each spec words the too-short case its own way. */
export interface PasswordMessages {
  required: string;
  tooShort: string;
}

export const PASSWORD_MESSAGES = {
  lettersAndDigits: "Password must contain letters and numbers.",
  tooLong: `Password must be at most ${PASSWORD_RULES.maxLength} characters.`,
  staffTooShort: `Staff passwords must be at least ${PASSWORD_RULES.staff.minLength} characters.`,
  trivial: "This password is too easy to guess. Please choose another.",
  sameAsCurrent: "The new password must be different from the current one.",
} as const;

const COMMON = new Set([
  "abc123",
  "abc12345",
  "password1",
  "password12",
  "password123",
  "passw0rd",
  "qwerty1",
  "qwerty123",
  "qwerty12345",
  "1q2w3e4r",
  "1q2w3e4r5t",
  "a1b2c3d4",
  "a1b2c3d4e5",
  "admin123",
  "admin12345",
  "letmein1",
  "welcome1",
  "iloveyou1",
]);

/** Why a password breaks the policy for `audience`, or null when it is acceptable. */
export function passwordProblem(
  password: string,
  audience: PasswordAudience,
  messages: PasswordMessages,
): string | null {
  const counted = password.trim();
  if (counted.length === 0) return messages.required;
  if (counted.length > PASSWORD_RULES.maxLength) return PASSWORD_MESSAGES.tooLong;
  if (counted.length < PASSWORD_RULES.player.minLength) return messages.tooShort;
  if (audience === "staff" && counted.length < PASSWORD_RULES.staff.minLength)
    return PASSWORD_MESSAGES.staffTooShort;
  if (!/\p{L}/u.test(counted) || !/\d/.test(counted)) return PASSWORD_MESSAGES.lettersAndDigits;
  if (isTrivial(counted)) return PASSWORD_MESSAGES.trivial;
  return null;
}

/** One repeated character or a straight run (abcdef, 123456, 654321), or a well-known password. */
function isTrivial(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || new Set(lower).size <= 2) return true;
  const letters = lower.replace(/\d/g, "");
  const digits = lower.replace(/\D/g, "");
  return isRun(lower) || (isRun(letters) && isRun(digits) && lower === letters + digits);
}

function isRun(text: string): boolean {
  if (text.length < 2) return true;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i++)
    if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}
