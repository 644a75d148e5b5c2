import { randomUUID } from "node:crypto";
import { batchOfTheMoment } from "@igp/ledger";
import {
  type CountryCode,
  DEFAULT_PHONE_COUNTRY,
  EMAIL_PATTERN,
  normalisePhone,
  type Role,
} from "@igp/shared";
import type pg from "pg";
import type { Queryable } from "../database/queryable.ts";

export interface UserRow {
  id: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  user_name: string | null;
  password_hash: string | null;
  role: Role;
  status: "active" | "blocked";
  /** An auditor's grant to see players' names and phones (false for every other role). */
  personal_data?: boolean;
  /** Tokens carry it; bumping it ends every session issued before. */
  token_version: number;
  /**
   * Made by a Google or Telegram sign-in: confirms the minimum age and the terms before anything
   * else (until the wallet holds AgeConfirmed).
   */
  asks_age_first: boolean;
}

/** Accounts are plain rows (only money is event-sourced). */
export class UsersRepository {
  /**
   * The accounts behind the requests that arrive together, read in one query (many players'
   * requests at once, a lottery's last minute): batchOfTheMoment, never a cache.
   */
  private readonly signedIn = batchOfTheMoment<string, UserRow | null>(async (ids) => {
    const { rows } = await this.db.query<UserRow>("SELECT * FROM users WHERE id = ANY($1)", [ids]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  }, 100);

  constructor(
    private readonly db: pg.Pool,
    private readonly phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
  ) {}

  /** The E.164 form phones are stored and looked up in; null for a number that is not valid. */
  normalisePhone(text: string): string | null {
    return normalisePhone(text, this.phoneCountry);
  }

  /**
   * How a login text is looked up: an e-mail in lower case, a phone in E.164. A phone that does not
   * parse is looked up as typed (a number the phone migration could not rewrite signs in as stored).
   */
  loginKey(phoneOrEmail: string): string {
    const text = phoneOrEmail.trim();
    if (EMAIL_PATTERN.test(text)) return text.toLowerCase();
    return this.normalisePhone(text) ?? text;
  }

  async findById(id: string): Promise<UserRow | null> {
    const { rows } = await this.db.query("SELECT * FROM users WHERE id = $1", [id]);
    return rows[0] ?? null;
  }

  /** The account a request's token names, as it is now (read with the requests beside it). */
  findSignedIn(id: string): Promise<UserRow | null> {
    return this.signedIn(id);
  }

  /** By e-mail (case-insensitive) or phone (in any form of the number), whichever the text is. */
  async findByLogin(phoneOrEmail: string): Promise<UserRow | null> {
    const { rows } = await this.db.query(
      "SELECT * FROM users WHERE email = $1 OR phone = $1 LIMIT 1",
      [this.loginKey(phoneOrEmail)],
    );
    return rows[0] ?? null;
  }

  /** Creates a user (the phone already normalised); returns null when the e-mail or phone is taken. */
  async create(
    user: {
      fullName: string;
      email?: string | null;
      phone?: string | null;
      passwordHash: string | null;
      role: Role;
    },
    db: Queryable = this.db,
  ): Promise<UserRow | null> {
    const { rows } = await db.query(
      `INSERT INTO users (id, full_name, email, phone, password_hash, role) VALUES ($1, $2, lower($3), $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        randomUUID(),
        user.fullName,
        user.email ?? null,
        user.phone ?? null,
        user.passwordHash,
        user.role,
      ],
    );
    return rows[0] ?? null;
  }

  /** Returns false when the phone (already normalised) belongs to another account. */
  async updateProfile(
    id: string,
    changes: { userName?: string; phone?: string },
  ): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE users SET user_name = coalesce($2, user_name), phone = coalesce($3, phone)
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE phone = $3 AND id <> $1)`,
      [id, changes.userName || null, changes.phone || null],
    );
    return rowCount === 1;
  }

  async recordLogin(id: string): Promise<void> {
    await this.db.query("UPDATE users SET last_login_at = now() WHERE id = $1", [id]);
  }

  /** Sets the password and ends every session; returns the new token version. */
  async setPasswordHash(
    id: string,
    passwordHash: string,
    db: Queryable = this.db,
  ): Promise<number> {
    const { rows } = await db.query(
      "UPDATE users SET password_hash = $2, token_version = token_version + 1 WHERE id = $1 RETURNING token_version",
      [id, passwordHash],
    );
    return rows[0].token_version;
  }

  /** Ends every session of the account (sign-out everywhere). */
  async revokeTokens(id: string, db: Queryable = this.db): Promise<void> {
    await db.query("UPDATE users SET token_version = token_version + 1 WHERE id = $1", [id]);
  }
}
