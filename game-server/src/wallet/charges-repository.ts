import { minorToMajor } from "@igp/shared";
import type pg from "pg";
import { PAGE_SIZE } from "./banks-repository.ts";

/** Agents' charge (float top-up) requests, read from the projections. */
export class ChargesRepository {
  constructor(private readonly db: pg.Pool) {}

  async page(filter: { agentId?: string }, page: number) {
    const where = "($1::text IS NULL OR c.agent_id = $1)";
    const from = "FROM charge_requests c LEFT JOIN users u ON u.id::text = c.agent_id";
    const [{ rows }, count] = await Promise.all([
      this.db.query(
        `SELECT c.*, u.full_name ${from} WHERE ${where} ORDER BY c.requested_at DESC, c.id LIMIT ${PAGE_SIZE} OFFSET $2`,
        [filter.agentId ?? null, (page - 1) * PAGE_SIZE],
      ),
      this.db.query(`SELECT count(*)::int AS n ${from} WHERE ${where}`, [filter.agentId ?? null]),
    ]);
    const transactions = rows.map((r) => ({
      id: r.id,
      amount: minorToMajor(Number(r.amount)),
      method: r.bank_name,
      accountNumber: r.account_number,
      transactionId: r.transaction_id,
      screenShot: r.screenshot,
      status: r.status,
      type: "charge",
      createdAt: new Date(r.requested_at).toISOString(),
      agent: { id: r.agent_id, fullName: r.full_name ?? "" },
    }));
    return { transactions, total: count.rows[0].n as number };
  }

  async agentFloat(agentId: string): Promise<number> {
    const { rows } = await this.db.query("SELECT float FROM agent_balances WHERE agent_id = $1", [
      agentId,
    ]);
    return Number(rows[0]?.float ?? 0);
  }
}
