import { minorToMajor } from "@igp/shared";
import type pg from "pg";
import type { ImageLinks } from "../uploads/image-links.ts";
import { PagedQuery } from "./paged-query.ts";

/** Agents' charge (float top-up) requests, read from the projections. */
export class ChargesRepository {
  constructor(
    private readonly db: pg.Pool,
    private readonly imageLinks: Pick<ImageLinks, "link">,
  ) {}

  /** A charge still waiting for a decision: its amount in minor units; null otherwise. */
  async pendingAmount(id: string): Promise<number | null> {
    const { rows } = await this.db.query(
      "SELECT amount FROM charge_requests WHERE id = $1 AND status = 'pending'",
      [id],
    );
    return rows[0] ? Number(rows[0].amount) : null;
  }

  async page(filter: { agentId?: string }, page: number) {
    const query = new PagedQuery();
    if (filter.agentId) query.where("c.agent_id = $?", filter.agentId);
    const { rows, total } = await query.run(
      this.db,
      "c.*, u.full_name",
      "FROM charge_requests c LEFT JOIN users u ON u.id = c.agent_id::uuid",
      "c.requested_at DESC, c.id",
      page,
    );
    const transactions = rows.map((r) => ({
      id: r.id,
      amount: minorToMajor(Number(r.amount)),
      method: r.bank_name,
      accountNumber: r.account_number,
      transactionId: r.transaction_id,
      screenShot: r.screenshot ? this.imageLinks.link(r.screenshot) : null,
      status: r.status,
      type: "charge",
      createdAt: new Date(r.requested_at).toISOString(),
      agent: { id: r.agent_id, fullName: r.full_name ?? "" },
    }));
    return { transactions, total };
  }

  async agentFloat(agentId: string): Promise<number> {
    const { rows } = await this.db.query("SELECT float FROM agent_balances WHERE agent_id = $1", [
      agentId,
    ]);
    return Number(rows[0]?.float ?? 0);
  }
}
