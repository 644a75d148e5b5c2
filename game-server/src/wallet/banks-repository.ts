import { randomUUID } from "node:crypto";
import type pg from "pg";
import { containing } from "../database/like-pattern.ts";
import type { Queryable } from "../database/queryable.ts";
import { PagedQuery } from "./paged-query.ts";

export interface BankRow {
  id: string;
  bank_name: string;
  account_number: string;
  bank_logo: string;
  type: "deposit" | "withdraw";
  status: "active" | "blocked";
  color: string | null;
}

export function toBank(row: BankRow) {
  return {
    id: row.id,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    bankLogo: row.bank_logo,
    type: row.type,
    status: row.status,
    color: row.color,
  };
}

/** Deposit banks and withdrawal methods, as the admins keep them. */
export class BanksRepository {
  constructor(private readonly db: pg.Pool) {}

  async activeByName(type: BankRow["type"], name: string): Promise<BankRow | null> {
    const { rows } = await this.db.query(
      "SELECT * FROM banks WHERE type = $1 AND lower(bank_name) = lower($2) AND status = 'active'",
      [type, name],
    );
    return rows[0] ?? null;
  }

  async page(options: {
    page: number;
    status?: "active";
    type?: BankRow["type"];
    search?: string;
  }) {
    const query = new PagedQuery();
    if (options.status) query.where("status = $?", options.status);
    if (options.type) query.where("type = $?", options.type);
    if (options.search) query.where("bank_name ILIKE $?", containing(options.search));
    const { rows, total } = await query.run(
      this.db,
      "*",
      "FROM banks",
      "created_at DESC, id",
      options.page,
    );
    return { rows: rows as BankRow[], total };
  }

  /** Returns null when a bank of that type already has the name. */
  async create(
    bank: Omit<BankRow, "id" | "status">,
    db: Queryable = this.db,
  ): Promise<BankRow | null> {
    const { rows } = await db.query(
      `INSERT INTO banks (id, bank_name, account_number, bank_logo, type, color) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING *`,
      [randomUUID(), bank.bank_name, bank.account_number, bank.bank_logo, bank.type, bank.color],
    );
    return rows[0] ?? null;
  }

  async toggleStatus(id: string, db: Queryable = this.db): Promise<BankRow | null> {
    const { rows } = await db.query(
      `UPDATE banks SET status = CASE status WHEN 'active' THEN 'blocked' ELSE 'active' END
        WHERE id = $1 RETURNING *`,
      [id],
    );
    return rows[0] ?? null;
  }

  async remove(id: string, db: Queryable = this.db): Promise<boolean> {
    const { rowCount } = await db.query("DELETE FROM banks WHERE id = $1", [id]);
    return rowCount === 1;
  }
}
