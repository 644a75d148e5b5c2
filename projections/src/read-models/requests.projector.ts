import { advanceOf, maskCode, parseStreamId } from "@igp/ledger";
import type { ProjectionDb } from "../projection-db.ts";
import type { Projector } from "../projector.ts";

/** Deposit, withdrawal and charge requests with their status, for the player and admin lists. */
export const requestsProjector: Projector = {
  name: "requests",
  tables: ["deposit_requests", "withdrawal_requests", "charge_requests"],
  async apply(db, projected) {
    const { event, metadata } = projected;
    const id = parseStreamId(projected.streamId).id;
    const at = metadata.occurredAt;
    switch (event.type) {
      case "DepositRequested": {
        const d = event.data;
        await db.query(
          `INSERT INTO deposit_requests (id, user_id, method, amount, deposit_code, bank_name,
             account_number, transaction_id, screenshot, status, requested_at, code_hint, sealed_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12)`,
          [
            d.depositId,
            d.userId,
            d.method,
            d.amount,
            d.depositCode,
            d.bankName ?? null,
            d.accountNumber ?? null,
            d.transactionId ?? null,
            d.screenshot ?? null,
            d.requestedAt,
            d.codeHint ?? maskCode(d.depositCode),
            d.sealedCode ?? null,
          ],
        );
        return;
      }
      case "BankDepositApproved":
        return decide(db, "deposit_requests", id, "approved", event.data.approvedBy, at);
      case "AgentDepositApproved":
        return decide(db, "deposit_requests", id, "approved", event.data.agentId, at);
      case "DepositDisapproved":
        return decide(db, "deposit_requests", id, "disapproved", event.data.disapprovedBy, at);
      case "WithdrawalRequested": {
        const w = event.data;
        await db.query(
          `INSERT INTO withdrawal_requests (id, user_id, amount, from_main, from_bonus, fee, payout,
             method, bank_name, account_number, withdraw_code, status, requested_at, code_hint,
             sealed_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13, $14)`,
          [
            w.withdrawalId,
            w.userId,
            w.amount,
            w.fromMain,
            w.fromBonus,
            w.fee,
            w.amount - w.fee,
            w.method,
            w.bankName ?? null,
            w.accountNumber,
            w.withdrawCode,
            w.requestedAt,
            w.codeHint ?? maskCode(w.withdrawCode),
            w.sealedCode ?? null,
          ],
        );
        return;
      }
      case "WithdrawalApproved":
        await decide(db, "withdrawal_requests", id, "approved", event.data.approvedBy, at);
        await db.query(
          "UPDATE withdrawal_requests SET reference = $2, advance = $3 WHERE id = $1",
          [id, event.data.reference, advanceOf(event.data)],
        );
        return;
      case "WithdrawalDisapproved":
        return decide(db, "withdrawal_requests", id, "disapproved", event.data.disapprovedBy, at);
      case "ChargeRequested": {
        const c = event.data;
        await db.query(
          `INSERT INTO charge_requests (id, agent_id, amount, bank_name, account_number,
             transaction_id, screenshot, status, requested_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8)`,
          [
            c.chargeId,
            c.agentId,
            c.amount,
            c.bankName,
            c.accountNumber,
            c.transactionId,
            c.screenshot ?? null,
            c.requestedAt,
          ],
        );
        return;
      }
      case "ChargeApproved":
        await decide(db, "charge_requests", id, "approved", event.data.approvedBy, at);
        await db.query("UPDATE charge_requests SET advance = $2 WHERE id = $1", [
          id,
          advanceOf(event.data),
        ]);
        return;
      case "ChargeDisapproved":
        return decide(db, "charge_requests", id, "disapproved", event.data.disapprovedBy, at);
      default:
        return;
    }
  },
};

type RequestTable = "deposit_requests" | "withdrawal_requests" | "charge_requests";

async function decide(
  db: ProjectionDb,
  table: RequestTable,
  id: string,
  status: "approved" | "disapproved",
  by: string,
  at: string,
) {
  await db.query(
    `UPDATE ${table} SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1`,
    [id, status, by, at],
  );
}
