import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { UserRow } from "./users-repository.ts";

/** The account an external sign-in lets in, and whether this sign-in made it. */
export type ExternalUser = UserRow & { created: boolean };

/**
 * A Google or Telegram sign-in: signs into the account already linked to that identity, else
 * links the account with the same verified e-mail (Google), else creates a player account.
 */
export async function signInWithGoogle(
  db: pg.Pool,
  identity: { sub: string; email?: string; emailVerified: boolean; name?: string },
): Promise<ExternalUser> {
  const linked = await db.query("SELECT * FROM users WHERE google_sub = $1", [identity.sub]);
  if (linked.rows[0]) return { ...linked.rows[0], created: false };
  if (identity.email && identity.emailVerified) {
    const byEmail = await db.query(
      "UPDATE users SET google_sub = $2 WHERE email = lower($1) AND google_sub IS NULL RETURNING *",
      [identity.email, identity.sub],
    );
    if (byEmail.rows[0]) return { ...byEmail.rows[0], created: false };
  }
  return createLinked(
    db,
    "google_sub",
    identity.sub,
    identity.name ?? identity.email ?? "Google player",
    identity.emailVerified ? identity.email : undefined,
  );
}

export async function signInWithTelegram(
  db: pg.Pool,
  identity: { id: number; name: string; username?: string },
): Promise<ExternalUser> {
  const linked = await db.query("SELECT * FROM users WHERE telegram_id = $1", [identity.id]);
  if (linked.rows[0]) return { ...(linked.rows[0] as UserRow), created: false };
  return createLinked(db, "telegram_id", identity.id, identity.name, undefined, identity.username);
}

async function createLinked(
  db: pg.Pool,
  column: "google_sub" | "telegram_id",
  value: string | number,
  fullName: string,
  email?: string,
  userName?: string,
): Promise<ExternalUser> {
  // A new account asks the minimum age and the terms before anything else (asks_age_first);
  // `xmax = 0` tells a row this statement inserted from one a twin sign-in made first.
  const { rows } = await db.query(
    `INSERT INTO users (id, full_name, email, user_name, role, ${column}, asks_age_first)
     VALUES ($1, $2, lower($3), $4, 'user', $5, true)
     ON CONFLICT (${column}) DO UPDATE SET ${column} = EXCLUDED.${column}
     RETURNING *, (xmax = 0) AS created`,
    [randomUUID(), fullName.slice(0, 100), email ?? null, userName ?? null, value],
  );
  return rows[0];
}

export const TELEGRAM_LINKED_ELSEWHERE =
  "This Telegram account is linked to another player. Sign out first, or open the game from the Telegram account linked to yours.";
export const STAFF_NOT_LINKED =
  "Staff accounts cannot be linked to Telegram. Sign out to play with your Telegram account.";
export const OTHER_TELEGRAM_LINKED =
  "Your account is linked to another Telegram account. Open the game from that Telegram account.";

/**
 * A Mini App sign-in: the account linked to this Telegram user (the login widget's link), or,
 * when a player is already signed in (`signedIn`), that player's account linked to it, or a new
 * player. Refused (a message) when the Telegram user is linked to someone else than `signedIn`.
 * Records whether the player let the bot write to them (money notices in Telegram).
 */
export async function signInFromMiniApp(
  db: pg.Pool,
  identity: { id: number; name: string; username?: string; allowsWriteToPm: boolean },
  signedIn: string | null,
): Promise<ExternalUser | { refused: string }> {
  const linked = await db.query<UserRow>("SELECT * FROM users WHERE telegram_id = $1", [
    identity.id,
  ]);
  let user: ExternalUser | undefined = linked.rows[0] && { ...linked.rows[0], created: false };
  if (signedIn && user && user.id !== signedIn) return { refused: TELEGRAM_LINKED_ELSEWHERE };
  if (signedIn && !user) {
    const linking = await linkTelegram(db, signedIn, identity.id);
    if ("refused" in linking) return linking;
    user = { ...linking, created: false };
  }
  user ??= await signInWithTelegram(db, identity);
  await db.query("UPDATE users SET telegram_notices = $2 WHERE id = $1", [
    user.id,
    identity.allowsWriteToPm,
  ]);
  return user;
}

/**
 * Links a signed-in player's account to a Telegram user no account is linked to yet. Staff
 * accounts are never linked: Telegram would become a way into the back office.
 */
async function linkTelegram(db: pg.Pool, userId: string, telegramId: number) {
  try {
    const { rows } = await db.query<UserRow>(
      `UPDATE users SET telegram_id = $2 WHERE id = $1 AND telegram_id IS NULL AND role = 'user'
       RETURNING *`,
      [userId, telegramId],
    );
    if (rows[0]) return rows[0];
    const { rows: staff } = await db.query("SELECT 1 FROM users WHERE id = $1 AND role <> 'user'", [
      userId,
    ]);
    return { refused: staff[0] ? STAFF_NOT_LINKED : OTHER_TELEGRAM_LINKED };
  } catch (error) {
    // Another account took this Telegram user between our read and this write.
    if ((error as { code?: string }).code === "23505")
      return { refused: TELEGRAM_LINKED_ELSEWHERE };
    throw error;
  }
}
