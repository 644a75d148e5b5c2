import { randomUUID } from "node:crypto";
import type { Role } from "@igp/shared";
import type pg from "pg";

export interface UserRow {
  id: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  user_name: string | null;
  password_hash: string | null;
  role: Role;
  status: "active" | "blocked";
}

/** Accounts are plain rows (only money is event-sourced). */
export class UsersRepository {
  constructor(private readonly db: pg.Pool) {}

  async findById(id: string): Promise<UserRow | null> {
    const { rows } = await this.db.query("SELECT * FROM users WHERE id = $1", [id]);
    return rows[0] ?? null;
  }

  /** By e-mail (case-insensitive) or phone, whichever the text is. */
  async findByLogin(phoneOrEmail: string): Promise<UserRow | null> {
    const { rows } = await this.db.query(
      "SELECT * FROM users WHERE email = lower($1) OR phone = $1 LIMIT 1",
      [phoneOrEmail.trim()],
    );
    return rows[0] ?? null;
  }

  /** Creates a user; returns null when the e-mail or phone is taken. */
  async create(user: {
    fullName: string;
    email?: string | null;
    phone?: string | null;
    passwordHash: string | null;
    role: Role;
  }): Promise<UserRow | null> {
    const { rows } = await this.db.query(
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

  /** Returns false when the phone belongs to another account. */
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

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [id, passwordHash]);
  }
}
