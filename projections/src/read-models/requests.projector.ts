import { advanceOf, maskCode, parseStreamId } from "@igp/ledger";
import { type Accumulator, columns, type ProjectionDb } from "../projection-db.ts";
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
        db.accumulate(newDeposits, d.depositId, {
          userId: d.userId,
          method: d.method,
          amount: d.amount,
          depositCode: d.depositCode,
          bankName: d.bankName ?? null,
          accountNumber: d.accountNumber ?? null,
          transactionId: d.transactionId ?? null,
          screenshot: d.screenshot ?? null,
          requestedAt: d.requestedAt,
          codeHint: d.codeHint ?? maskCode(d.depositCode),
          sealedCode: d.sealedCode ?? null,
        });
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
        db.accumulate(newWithdrawals, w.withdrawalId, {
          userId: w.userId,
          amount: w.amount,
          fromMain: w.fromMain,
          fromBonus: w.fromBonus,
          fee: w.fee,
          payout: w.amount - w.fee,
          method: w.method,
          bankName: w.bankName ?? null,
          accountNumber: w.accountNumber,
          withdrawCode: w.withdrawCode,
          requestedAt: w.requestedAt,
          codeHint: w.codeHint ?? maskCode(w.withdrawCode),
          sealedCode: w.sealedCode ?? null,
        });
        return;
      }
      case "WithdrawalApproved":
        return decide(db, "withdrawal_requests", id, "approved", event.data.approvedBy, at, {
          reference: event.data.reference,
          advance: advanceOf(event.data),
        });
      case "WithdrawalDisapproved":
        return decide(db, "withdrawal_requests", id, "disapproved", event.data.disapprovedBy, at);
      case "ChargeRequested": {
        const c = event.data;
        db.accumulate(newCharges, c.chargeId, {
          agentId: c.agentId,
          amount: c.amount,
          bankName: c.bankName,
          accountNumber: c.accountNumber,
          transactionId: c.transactionId,
          screenshot: c.screenshot ?? null,
          requestedAt: c.requestedAt,
        });
        return;
      }
      case "ChargeApproved":
        return decide(db, "charge_requests", id, "approved", event.data.approvedBy, at, {
          advance: advanceOf(event.data),
        });
      case "ChargeDisapproved":
        return decide(db, "charge_requests", id, "disapproved", event.data.disapprovedBy, at);
      default:
        return;
    }
  },
};

type RequestTable = "deposit_requests" | "withdrawal_requests" | "charge_requests";

/** A new request's row, inserted with the batch's others (one statement per table). */
function newRequests<Row extends object>(
  table: RequestTable,
  columnsAndTypes: [keyof Row & string, string, string][],
): Accumulator<Row> {
  const names = columnsAndTypes.map(([, column]) => column).join(", ");
  const arrays = columnsAndTypes.map(([, , type], i) => `$${i + 2}::${type}[]`).join(", ");
  return {
    name: table,
    merge: (_, later) => later,
    write: (db, rows) =>
      db.query(
        `INSERT INTO ${table} (id, ${names}, status)
         SELECT *, 'pending' FROM unnest($1::text[], ${arrays})`,
        columns(
          rows,
          columnsAndTypes.map(([field]) => field),
        ),
      ),
  };
}

const newDeposits = newRequests<{
  userId: string;
  method: string;
  amount: number;
  depositCode: string;
  bankName: string | null;
  accountNumber: string | null;
  transactionId: string | null;
  screenshot: string | null;
  requestedAt: string;
  codeHint: string;
  sealedCode: string | null;
}>("deposit_requests", [
  ["userId", "user_id", "text"],
  ["method", "method", "text"],
  ["amount", "amount", "bigint"],
  ["depositCode", "deposit_code", "text"],
  ["bankName", "bank_name", "text"],
  ["accountNumber", "account_number", "text"],
  ["transactionId", "transaction_id", "text"],
  ["screenshot", "screenshot", "text"],
  ["requestedAt", "requested_at", "timestamptz"],
  ["codeHint", "code_hint", "text"],
  ["sealedCode", "sealed_code", "text"],
]);

const newWithdrawals = newRequests<{
  userId: string;
  amount: number;
  fromMain: number;
  fromBonus: number;
  fee: number;
  payout: number;
  method: string;
  bankName: string | null;
  accountNumber: string;
  withdrawCode: string;
  requestedAt: string;
  codeHint: string;
  sealedCode: string | null;
}>("withdrawal_requests", [
  ["userId", "user_id", "text"],
  ["amount", "amount", "bigint"],
  ["fromMain", "from_main", "bigint"],
  ["fromBonus", "from_bonus", "bigint"],
  ["fee", "fee", "bigint"],
  ["payout", "payout", "bigint"],
  ["method", "method", "text"],
  ["bankName", "bank_name", "text"],
  ["accountNumber", "account_number", "text"],
  ["withdrawCode", "withdraw_code", "text"],
  ["requestedAt", "requested_at", "timestamptz"],
  ["codeHint", "code_hint", "text"],
  ["sealedCode", "sealed_code", "text"],
]);

const newCharges = newRequests<{
  agentId: string;
  amount: number;
  bankName: string;
  accountNumber: string;
  transactionId: string;
  screenshot: string | null;
  requestedAt: string;
}>("charge_requests", [
  ["agentId", "agent_id", "text"],
  ["amount", "amount", "bigint"],
  ["bankName", "bank_name", "text"],
  ["accountNumber", "account_number", "text"],
  ["transactionId", "transaction_id", "text"],
  ["screenshot", "screenshot", "text"],
  ["requestedAt", "requested_at", "timestamptz"],
]);

interface Decision {
  status: "approved" | "disapproved";
  by: string;
  at: string;
  /** A withdrawal's payment reference or code hint; a charge has none. */
  reference: string | null;
  /** The agent's advance (withdrawals and charges). */
  advance: number | null;
}

/** The batch's decisions of one table, written after its new rows (stage 1), in one statement. */
function decisions(table: RequestTable): Accumulator<Decision> {
  return {
    name: `${table}.decided`,
    stage: 1,
    merge: (_, later) => later,
    write: (db, decided) =>
      db.query(
        `UPDATE ${table} r SET status = c.status, decided_by = c.by, decided_at = c.at
           ${table === "withdrawal_requests" ? ", reference = coalesce(c.reference, r.reference)" : ""}
           ${table === "deposit_requests" ? "" : ", advance = coalesce(c.advance, r.advance)"}
           FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[],
             $6::bigint[]) AS c (id, status, by, at, reference, advance)
          WHERE r.id = c.id`,
        columns(decided, ["status", "by", "at", "reference", "advance"]),
      ),
  };
}

const DECISIONS: Record<RequestTable, Accumulator<Decision>> = {
  deposit_requests: decisions("deposit_requests"),
  withdrawal_requests: decisions("withdrawal_requests"),
  charge_requests: decisions("charge_requests"),
};

function decide(
  db: ProjectionDb,
  table: RequestTable,
  id: string,
  status: "approved" | "disapproved",
  by: string,
  at: string,
  extra: { reference?: string; advance?: number } = {},
) {
  db.accumulate(DECISIONS[table], id, {
    status,
    by,
    at,
    reference: extra.reference ?? null,
    advance: extra.advance ?? null,
  });
}
