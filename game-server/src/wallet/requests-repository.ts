import { AGENT_DEPOSIT_METHOD, minorToMajor } from "@igp/shared";
import type pg from "pg";
import { containing } from "../database/like-pattern.ts";
import type { ImageLinks } from "../uploads/image-links.ts";
import { couldBeCode, looksLikeCode, PagedQuery } from "./paged-query.ts";
import type { RequestCodes } from "./request-codes.ts";

export interface RequestFilter {
  userId?: string;
  method?: "agent" | "bank";
  search?: string;
}

/**
 * A request's own id: a search by it finds that request (a fraud signal links to the request it
 * matches by its id).
 */
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who reads a list: the request's owner sees its code, staff a masked hint of it. */
export type Viewer = "owner" | "staff";

/** Deposit and withdrawal requests as the lists show them, read from the projections. */
export class RequestsRepository {
  constructor(
    private readonly db: pg.Pool,
    private readonly codes: RequestCodes,
    /** Payment proofs leave as signed links (only their owner and staff receive these lists). */
    private readonly imageLinks: Pick<ImageLinks, "link">,
  ) {}

  async deposits(filter: RequestFilter, page: number, viewer: Viewer) {
    const query = new PagedQuery();
    if (filter.userId) query.where("d.user_id = $?", filter.userId);
    if (filter.method) query.where("d.method = $?", filter.method);
    if (filter.search && REQUEST_ID.test(filter.search.trim()))
      query.where("d.id = $?", filter.search.trim());
    else if (filter.search) {
      this.whereSearch(query, filter.search, "d.deposit_code", "d.transaction_id");
    }
    const { rows, total } = await query.run(
      this.db,
      "d.*, u.full_name",
      "FROM deposit_requests d LEFT JOIN users u ON u.id = d.user_id::uuid",
      "d.requested_at DESC, d.id",
      page,
    );
    return { transactions: rows.map((row) => this.toDeposit(row, viewer)), total };
  }

  async withdrawals(filter: RequestFilter, page: number, viewer: Viewer) {
    const query = new PagedQuery();
    if (filter.userId) query.where("w.user_id = $?", filter.userId);
    if (filter.method) query.where("w.method = $?", filter.method);
    if (filter.search && REQUEST_ID.test(filter.search.trim()))
      query.where("w.id = $?", filter.search.trim());
    else if (filter.search) this.whereSearch(query, filter.search, "w.withdraw_code");
    const { rows, total } = await query.run(
      this.db,
      "w.*, u.full_name",
      "FROM withdrawal_requests w LEFT JOIN users u ON u.id = w.user_id::uuid",
      "w.requested_at DESC, w.id",
      page,
    );
    return { transactions: rows.map((row) => this.toWithdrawal(row, viewer)), total };
  }

  /**
   * Searches by code (the code as legacy requests store it, its digest, and the text as typed,
   * for transaction ids in `idColumn`) when the text looks like one, else by the player's name;
   * a word that could be either (a code may have no digit) matches both.
   */
  private whereSearch(query: PagedQuery, search: string, codeColumn: string, idColumn?: string) {
    const { plain, digest } = this.codes.present(search);
    const forms = [plain, digest, search];
    const byCode = idColumn
      ? `(${codeColumn} = ANY($?::text[]) OR ${idColumn} = ANY($?::text[]))`
      : `${codeColumn} = ANY($?::text[])`;
    const codeValues = idColumn ? [forms, forms] : [forms];
    const byName = "u.full_name ILIKE $?";
    if (looksLikeCode(search)) query.where(byCode, ...codeValues);
    else if (couldBeCode(search))
      query.where(`(${byCode} OR ${byName})`, ...codeValues, containing(search));
    else query.where(byName, containing(search));
  }

  private codeFor(
    viewer: Viewer,
    row: { code_hint: string; sealed_code: string | null },
    stored: string,
  ) {
    return viewer === "owner" ? this.codes.reveal(stored, row.sealed_code) : row.code_hint;
  }

  private toDeposit(row: DepositRow, viewer: Viewer) {
    const agent = row.method === "agent";
    const code = agent ? this.codeFor(viewer, row, row.deposit_code) : null;
    return {
      id: row.id,
      amount: minorToMajor(Number(row.amount)),
      status: row.status,
      createdAt: new Date(row.requested_at).toISOString(),
      method: agent ? AGENT_DEPOSIT_METHOD : (row.bank_name ?? "Bank"),
      gameCode: code,
      depositCode: code,
      accountNumber: row.account_number,
      transactionId: row.transaction_id,
      screenShot: row.screenshot ? this.imageLinks.link(row.screenshot) : null,
      user: { id: row.user_id, fullName: row.full_name ?? "" },
    };
  }

  private toWithdrawal(row: WithdrawalRow, viewer: Viewer) {
    const agent = row.method === "agent";
    return {
      id: row.id,
      amount: minorToMajor(Number(row.amount)),
      fee: minorToMajor(Number(row.fee)),
      payout: minorToMajor(Number(row.payout)),
      status: row.status,
      createdAt: new Date(row.requested_at).toISOString(),
      method: agent ? "agent" : (row.bank_name ?? "Bank"),
      // A bank withdrawal is paid by transfer: its code opens nothing, so nobody is shown one.
      gameCode: agent ? (this.codeFor(viewer, row, row.withdraw_code) ?? row.code_hint) : null,
      accountNumber: row.account_number,
      transactionId: row.reference,
      paymentReference: agent ? null : row.reference,
      decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
      user: { id: row.user_id, fullName: row.full_name ?? "" },
    };
  }

  /** Whether another bank withdrawal was already approved with this payment reference. */
  async paymentReferenceUsed(reference: string, exceptId: string) {
    const { rowCount } = await this.db.query(
      `SELECT 1 FROM withdrawal_requests
        WHERE method = 'bank' AND lower(reference) = lower($1) AND id <> $2 LIMIT 1`,
      [reference, exceptId],
    );
    return rowCount === 1;
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
  code_hint: string;
  sealed_code: string | null;
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
  code_hint: string;
  sealed_code: string | null;
  reference: string | null;
  status: string;
  requested_at: Date;
  decided_at: Date | null;
  full_name: string | null;
}
