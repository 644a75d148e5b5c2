import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { UserRow } from "./users-repository.ts";

/**
 * A Google or Telegram sign-in: signs into the account already linked to that identity, else
 * links the account with the same verified e-mail (Google), else creates a player account.
 */
export async function signInWithGoogle(
  db: pg.Pool,
  identity: { sub: string; email?: string; emailVerified: boolean; name?: string },
): Promise<UserRow> {
  const linked = await db.query("SELECT * FROM users WHERE google_sub = $1", [identity.sub]);
  if (linked.rows[0]) return linked.rows[0];
  if (identity.email && identity.emailVerified) {
    const byEmail = await db.query(
      "UPDATE users SET google_sub = $2 WHERE email = lower($1) AND google_sub IS NULL RETURNING *",
      [identity.email, identity.sub],
    );
    if (byEmail.rows[0]) return byEmail.rows[0];
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
) {
  const linked = await db.query("SELECT * FROM users WHERE telegram_id = $1", [identity.id]);
  if (linked.rows[0]) return linked.rows[0] as UserRow;
  return createLinked(db, "telegram_id", identity.id, identity.name, undefined, identity.username);
}

async function createLinked(
  db: pg.Pool,
  column: "google_sub" | "telegram_id",
  value: string | number,
  fullName: string,
  email?: string,
  userName?: string,
): Promise<UserRow> {
  const { rows } = await db.query(
    `INSERT INTO users (id, full_name, email, user_name, role, ${column}) VALUES ($1, $2, lower($3), $4, 'user', $5)
     ON CONFLICT (${column}) DO UPDATE SET ${column} = EXCLUDED.${column} RETURNING *`,
    [randomUUID(), fullName.slice(0, 100), email ?? null, userName ?? null, value],
  );
  return rows[0];
}
