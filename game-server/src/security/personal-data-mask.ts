/**
 * Players' personal data as the back office's answers and CSV columns name it: names, phones,
 * e-mails, the account a deposit came from, a payout account and a sign-up address (linked accounts). Agents' names stay (staff, the auditor needs them).
 */
export const PERSONAL_KEYS = new Set([
  "fullName",
  "playerName",
  "phone",
  "playerPhone",
  "email",
  "userName",
  "fromAccount",
  "payoutAccount",
  "signUpAddress",
]);

/** Whether `user` sees personal data: everyone but an auditor without the superAdmin's grant. */
export const seesPersonalData = (user: { role: string; personal_data?: boolean } | null) =>
  user?.role !== "auditor" || user.personal_data === true;

/** A masked text: its first character, then stars, a phone's last two digits kept. */
export function maskText(value: string): string {
  const digits = /^\+?[\d\s-]{6,}$/.test(value);
  if (digits) return `${"*".repeat(Math.max(0, value.length - 2))}${value.slice(-2)}`;
  return value.length === 0 ? value : `${value[0]}${"*".repeat(Math.max(2, value.length - 1))}`;
}

/** A copy of `value` with every personal field's text masked, at any depth. */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      PERSONAL_KEYS.has(key) && typeof field === "string"
        ? maskText(field)
        : maskPersonalData(field);
  }
  return out;
}
