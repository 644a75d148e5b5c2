import { minorToMajor } from "@igp/shared";
import type pg from "pg";
import type { ImageLinks } from "../uploads/image-links.ts";
import { PAGE_SIZE } from "./paged-query.ts";

/**
 * Sub-admin transactions: what agents did with money: player deposits they paid, withdrawals
 * they paid out (with the advance they earned), and their own charges (with theirs). One list, newest first, from the projections.
 */
export class AgentTransactionsRepository {
  constructor(
    private readonly db: pg.Pool,
    private readonly imageLinks: Pick<ImageLinks, "link">,
  ) {}

  async page(filter: { agentId?: string }, page: number) {
    const union = `
      SELECT d.id, d.user_id, d.decided_by AS agent_id, d.amount, 'Agent Deposit' AS bank, d.account_number,
             d.status, 'deposit' AS type, coalesce(d.decided_at, d.requested_at) AS at, NULL AS screenshot,
             0 AS advance
        FROM deposit_requests d WHERE d.method = 'agent' AND d.decided_by IS NOT NULL
      UNION ALL
      SELECT w.id, w.user_id, w.decided_by, w.amount, 'agent', w.account_number, w.status, 'withdraw',
             coalesce(w.decided_at, w.requested_at), NULL, w.advance
        FROM withdrawal_requests w WHERE w.method = 'agent' AND w.decided_by IS NOT NULL
      UNION ALL
      SELECT c.id, NULL, c.agent_id, c.amount, c.bank_name, c.account_number, c.status, 'charge', c.requested_at,
             c.screenshot, c.advance
        FROM charge_requests c`;
    const where = "($1::text IS NULL OR t.agent_id = $1)";
    const [{ rows }, count] = await Promise.all([
      this.db.query(
        `SELECT t.*, p.full_name AS player_name, a.full_name AS agent_name FROM (${union}) t
           LEFT JOIN users p ON p.id::text = t.user_id LEFT JOIN users a ON a.id::text = t.agent_id
          WHERE ${where} ORDER BY t.at DESC, t.id LIMIT ${PAGE_SIZE} OFFSET $2`,
        [filter.agentId ?? null, (page - 1) * PAGE_SIZE],
      ),
      this.db.query(`SELECT count(*)::int AS n FROM (${union}) t WHERE ${where}`, [
        filter.agentId ?? null,
      ]),
    ]);
    const transactions = rows.map((r) => ({
      id: r.id,
      user: { fullName: r.player_name ?? "" },
      agent: { fullName: r.agent_name ?? "" },
      amount: minorToMajor(Number(r.amount)),
      method: r.bank,
      accountNumber: r.account_number,
      status: r.status,
      type: r.type,
      screenShot: r.screenshot ? this.imageLinks.link(r.screenshot) : null,
      createdAt: new Date(r.at).toISOString(),
      advance: minorToMajor(Number(r.advance)),
    }));
    return { transactions, total: count.rows[0].n as number };
  }
}
