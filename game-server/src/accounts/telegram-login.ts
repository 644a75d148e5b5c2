import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const MAX_AGE_SECONDS = 24 * 60 * 60;

export interface TelegramLogin {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}

/**
 * Checks Telegram login widget data (core.telegram.org/widgets/login): the hash is
 * HMAC-SHA256 of the sorted "key=value" lines, keyed with SHA256(bot token), compared in constant
 * time; auth_date at most 24 hours old. Returns why it is refused, or null when it is genuine.
 */
export function whyTelegramLoginIsInvalid(
  data: Record<string, unknown>,
  botToken: string,
  now = Date.now(),
): string | null {
  const { hash, ...fields } = data;
  if (typeof hash !== "string" || !/^[0-9a-f]{64}$/.test(hash)) return "Invalid Telegram login.";
  const checkString = Object.keys(fields)
    .filter((key) => fields[key] !== undefined && fields[key] !== null)
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  const expected = createHmac("sha256", secret).update(checkString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) return "Invalid Telegram login.";
  const authDate = Number(fields.auth_date);
  const age = now / 1000 - authDate;
  if (!Number.isInteger(authDate) || age > MAX_AGE_SECONDS || age < -300)
    return "This Telegram login has expired. Please try again.";
  return null;
}
