import { AGENT_DEPOSIT_METHOD, minorToMajor } from "@igp/shared";
import type pg from "pg";
import { containing } from "../database/like-pattern.ts";
import { looksLikeCode, PagedQuery } from "./paged-query.ts";

export interface DepositFilter {
  userId?: string;
  method?: "agent" | "bank";
  search?: string;
}

/** Deposit and withdrawal requests as the lists show them, read from the projections. */
export class RequestsRepository {
  constructor(private readonly db: pg.Pool) {}

  async deposits(filter: DepositFilter, page: number) {
    const query = new PagedQuery();
    if (filter.userId) query.where("d.user_id = $?", filter.userId);
    if (filter.method) query.where("d.method = $?", filter.method);
    if (filter.search && looksLikeCode(filter.search)) {
      query.where(
        "(d.deposit_code = upper($?) OR d.transaction_id = $?)",
        filter.search,
        filter.search,
      );
    } else if (filter.search) {
      query.where("u.full_name ILIKE $?", containing(filter.search));
    }
    const { rows, total } = await query.run(
      this.db,
      "d.*, u.full_name",
      "FROM deposit_requests d LEFT JOIN users u ON u.id = d.user_id::uuid",
      "d.requested_at DESC, d.id",
      page,
    );
    return { transactions: rows.map(toDeposit), total };
  }

  async withdrawals(filter: { userId?: string; search?: string }, page: number) {
    const query = new PagedQuery();
    if (filter.userId) query.where("w.user_id = $?", filter.userId);
    if (filter.search && looksLikeCode(filter.search))
      query.where("w.withdraw_code = upper($?)", filter.search);
    else if (filter.search) query.where("u.full_name ILIKE $?", containing(filter.search));
    const { rows, total } = await query.run(
      this.db,
      "w.*, u.full_name",
      "FROM withdrawal_requests w LEFT JOIN users u ON u.id = w.user_id::uuid",
      "w.requested_at DESC, w.id",
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
}

/** A deposit_requests row joined with its player's name. */
interface DepositRow {
  id: string;
  user_id: string;
  method: "agent" | "bank";
  amount: string;
  deposit_code: string;
  bank_name: string | null;
  account_number: string | null;
  transaction_id: string | null;
  screenshot: string | null;
  status: string;
  requested_at: Date;
  full_name: string | null;
}

interface WithdrawalRow {
  id: string;
  user_id: string;
  amount: string;
  fee: string;
  payout: string;
  method: "agent" | "bank";
  bank_name: string | null;
  account_number: string;
  withdraw_code: string;
  reference: string | null;
  status: string;
  requested_at: Date;
  full_name: string | null;
}

function toDeposit(row: DepositRow) {
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

function toWithdrawal(row: WithdrawalRow) {
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
