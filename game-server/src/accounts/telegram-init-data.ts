import {
  AuthDateInvalidError,
  ExpiredError,
  SignatureInvalidError,
  SignatureMissingError,
  validate,
} from "@tma.js/init-data-node";
import type pg from "pg";
import { z } from "zod";

/** Who opened the Mini App, as its signed init data says. */
export interface MiniAppLaunch {
  /** The init data's hash: unique to it, the key of its one use. */
  hash: string;
  authDate: Date;
  user: { id: number; name: string; username?: string; allowsWriteToPm: boolean };
  startParam?: string;
}

export const INVALID_INIT_DATA = "Invalid Telegram sign-in. Please reopen the game from Telegram.";
export const STALE_INIT_DATA =
  "This Telegram sign-in has expired. Please close the game and open it again from Telegram.";
export const USED_INIT_DATA =
  "This Telegram sign-in was already used. Please close the game and open it again from Telegram.";

/** Why init data does not sign anyone in, in a player's words (answered 401). */
export class InitDataRefused extends Error {
  override readonly name = "InitDataRefused";
}

/**
 * Checks a Mini App's init data with the bot's token (core.telegram.org/bots/webapps, "Validating
 * data received via the Mini App": HMAC-SHA256 keyed with HMAC("WebAppData", token), through
 * @tma.js/init-data-node) and that it is at most `maxAgeSeconds` old; refuses it with InitDataRefused. Init data without a user (opened from an inline query's chat) is refused.
 */
export function readMiniAppLaunch(
  initData: string,
  botToken: string,
  maxAgeSeconds: number,
): MiniAppLaunch {
  try {
    validate(initData, botToken, { expiresIn: maxAgeSeconds });
  } catch (error) {
    if (ExpiredError.is(error)) throw new InitDataRefused(STALE_INIT_DATA);
    if (
      SignatureInvalidError.is(error) ||
      SignatureMissingError.is(error) ||
      AuthDateInvalidError.is(error)
    )
      throw new InitDataRefused(INVALID_INIT_DATA);
    throw error;
  }
  // Validated: what it holds is Telegram's word. Read here rather than with the library's parse,
  // which also demands the newer `signature` field that older Telegram apps do not send.
  const fields = Object.fromEntries(new URLSearchParams(initData));
  const data = launchFields.safeParse({ ...fields, user: jsonOrNull(fields.user) });
  if (!data.success) throw new InitDataRefused(INVALID_INIT_DATA);
  const { user, auth_date: authDate, hash, start_param: startParam } = data.data;
  // A date a little ahead of ours is a clock apart; far ahead, it was not signed for now.
  if (authDate.getTime() > Date.now() + 5 * 60_000) throw new InitDataRefused(INVALID_INIT_DATA);
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return {
    hash,
    authDate,
    user: {
      id: user.id,
      name: name || user.username || "Telegram player",
      username: user.username,
      allowsWriteToPm: user.allows_write_to_pm === true,
    },
    startParam,
  };
}

/** The fields of init data a sign-in reads; a launch without a user (a chat's) signs no one in. */
const launchFields = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  auth_date: z.coerce
    .number()
    .int()
    .positive()
    .transform((seconds) => new Date(seconds * 1000)),
  start_param: z.string().max(64).optional(),
  user: z.object({
    id: z.number().int().positive(),
    first_name: z.string().max(256).optional(),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    allows_write_to_pm: z.boolean().optional(),
  }),
});

function jsonOrNull(value: string | undefined): unknown {
  try {
    return value === undefined ? null : JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * Spends a launch's init data: true the first time, false for a replay. A use is remembered
 * while the init data could still pass the freshness check; expired uses are dropped on the way.
 */
export async function spendInitData(
  db: pg.Pool,
  launch: MiniAppLaunch,
  maxAgeSeconds: number,
): Promise<boolean> {
  const expiresAt = new Date(launch.authDate.getTime() + maxAgeSeconds * 1000);
  await db.query("DELETE FROM telegram_init_data_uses WHERE expires_at < now()");
  const { rowCount } = await db.query(
    `INSERT INTO telegram_init_data_uses (hash, expires_at) VALUES ($1, $2)
     ON CONFLICT (hash) DO NOTHING`,
    [launch.hash, expiresAt],
  );
  return rowCount === 1;
}

/** Gives back a launch's use when its sign-in was refused before signing anyone in. */
export async function returnInitData(db: pg.Pool, launch: MiniAppLaunch) {
  await db.query("DELETE FROM telegram_init_data_uses WHERE hash = $1", [launch.hash]);
}
