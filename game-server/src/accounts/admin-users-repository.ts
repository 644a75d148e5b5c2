import { type CountryCode, DEFAULT_PHONE_COUNTRY, minorToMajor, normalisePhone } from "@igp/shared";
import type pg from "pg";
import { containing } from "../database/like-pattern.ts";
import type { Queryable } from "../database/queryable.ts";
import { PagedQuery } from "../wallet/paged-query.ts";

/** Players and admin accounts as the back office lists them. */
export class AdminUsersRepository {
  constructor(
    private readonly db: pg.Pool,
    /** Phone searches match every form of the number, as the phones are stored in E.164. */
    private readonly phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
  ) {}

  async players(page: number, search?: string) {
    const query = new PagedQuery().where("u.role = 'user'");
    if (search && /^\+?\d{6,15}$/.test(search))
      query.where("u.phone = $?", normalisePhone(search, this.phoneCountry) ?? search);
    else if (search)
      query.where("(u.full_name ILIKE $? OR u.email = lower($?))", containing(search), search);
    const { rows, total } = await query.run(
      this.db,
      "u.id, u.full_name, u.phone, u.email, u.status, coalesce(b.main, 0) AS main, coalesce(b.bonus, 0) AS bonus",
      "FROM users u LEFT JOIN player_balances b ON b.user_id = u.id::text",
      "u.created_at DESC, u.id",
      page,
    );
    const players = rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      phone: r.phone,
      email: r.email,
      status: r.status,
      mainBalance: minorToMajor(Number(r.main)),
      bonusBalance: minorToMajor(Number(r.bonus)),
    }));
    return { players, total };
  }

  async admins(page: number, search?: string) {
    const query = new PagedQuery().where("role = 'admin'");
    if (search)
      query.where("(full_name ILIKE $? OR email = lower($?))", containing(search), search);
    const { rows, total } = await query.run(
      this.db,
      "id, full_name, email, status",
      "FROM users",
      "created_at DESC, id",
      page,
    );
    const admins = rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      status: r.status,
    }));
    return { admins, total };
  }

  /**
   * Blocks an active player or agent, unblocks a blocked one; superAdmins are not toggled. Either
   * way the account's tokens end: a block lifted and re-applied does not revive an old session.
   */
  async toggleStatus(id: string, db: Queryable = this.db): Promise<"active" | "blocked" | null> {
    const { rows } = await db.query(
      `UPDATE users SET status = CASE status WHEN 'active' THEN 'blocked' ELSE 'active' END,
              token_version = token_version + 1
        WHERE id = $1 AND role <> 'superAdmin' RETURNING status`,
      [id],
    );
    return rows[0]?.status ?? null;
  }
}
