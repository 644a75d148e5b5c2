import { AGENT_DEPOSIT_METHOD, minorToMajor } from "@igp/shared";
import type pg from "pg";
import { PAGE_SIZE } from "./banks-repository.ts";

export interface DepositFilter {
  userId?: string;
  method?: "agent" | "bank";
  search?: string;
}

/** Deposit and withdrawal requests as the lists show them, read from the projections. */
export class RequestsRepository {
  constructor(private readonly db: pg.Pool) {}

  async deposits(filter: DepositFilter, page: number) {
    const where = [
      "($1::text IS NULL OR d.user_id = $1)",
      "($2::text IS NULL OR d.method = $2)",
      "($3::text IS NULL OR u.full_name ILIKE '%' || $3 || '%' OR d.deposit_code = upper($3) OR d.transaction_id = $3)",
    ].join(" AND ");
    const params = [filter.userId ?? null, filter.method ?? null, filter.search || null];
    const from = "FROM deposit_requests d LEFT JOIN users u ON u.id::text = d.user_id";
    const { rows, total } = await this.paged(
      `SELECT d.*, u.full_name ${from} WHERE ${where} ORDER BY d.requested_at DESC, d.id`,
      `SELECT count(*)::int AS n ${from} WHERE ${where}`,
      params,
      page,
    );
    return { transactions: rows.map(toDeposit), total };
  }

  async withdrawals(filter: { userId?: string; search?: string }, page: number) {
    const where = [
      "($1::text IS NULL OR w.user_id = $1)",
      "($2::text IS NULL OR u.full_name ILIKE '%' || $2 || '%' OR w.withdraw_code = upper($2))",
    ].join(" AND ");
    const params = [filter.userId ?? null, filter.search || null];
    const from = "FROM withdrawal_requests w LEFT JOIN users u ON u.id::text = w.user_id";
    const { rows, total } = await this.paged(
      `SELECT w.*, u.full_name ${from} WHERE ${where} ORDER BY w.requested_at DESC, w.id`,
      `SELECT count(*)::int AS n ${from} WHERE ${where}`,
      params,
      page,
    );
    return { transactions: rows.map(toWithdrawal), total };
  }

  async depositById(id: string) {
    const { rows } = await this.db.query("SELECT * FROM deposit_requests WHERE id = $1", [id]);
    return rows[0] ?? null;
  }

  async withdrawalById(id: string) {
    const { rows } = await this.db.query("SELECT * FROM withdrawal_requests WHERE id = $1", [id]);
    return rows[0] ?? null;
  }

  async kindOf(id: string): Promise<"deposit" | "withdrawal" | null> {
    const { rows } = await this.db.query(
      `SELECT 'deposit' AS kind FROM deposit_requests WHERE id = $1
       UNION ALL SELECT 'withdrawal' FROM withdrawal_requests WHERE id = $1`,
      [id],
    );
    return rows[0]?.kind ?? null;
  }

  private async paged(select: string, count: string, params: unknown[], page: number) {
    const [{ rows }, counted] = await Promise.all([
      this.db.query(`${select} LIMIT ${PAGE_SIZE} OFFSET $${params.length + 1}`, [
        ...params,
        (page - 1) * PAGE_SIZE,
      ]),
      this.db.query(count, params),
    ]);
    return { rows, total: counted.rows[0].n as number };
  }
}

export const totalPages = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

function toDeposit(row: Record<string, any>) {
  const agent = row.method === "agent";
  return {
    id: row.id,
    amount: minorToMajor(Number(row.amount)),
    status: row.status,
    createdAt: new Date(row.requested_at).toISOString(),
    method: agent ? AGENT_DEPOSIT_METHOD : (row.bank_name ?? "Bank"),
    gameCode: agent ? row.deposit_code : null,
    depositCode: agent ? row.deposit_code : null,
    accountNumber: row.account_number,
    transactionId: row.transaction_id,
    screenShot: row.screenshot,
    user: { id: row.user_id, fullName: row.full_name ?? "" },
  };
}

function toWithdrawal(row: Record<string, any>) {
  return {
    id: row.id,
    amount: minorToMajor(Number(row.amount)),
    fee: minorToMajor(Number(row.fee)),
    payout: minorToMajor(Number(row.payout)),
    status: row.status,
    createdAt: new Date(row.requested_at).toISOString(),
    method: row.method === "agent" ? "agent" : (row.bank_name ?? "Bank"),
    gameCode: row.withdraw_code,
    accountNumber: row.account_number,
    transactionId: row.reference,
    user: { id: row.user_id, fullName: row.full_name ?? "" },
  };
}
