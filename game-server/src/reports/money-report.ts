import { type DepositTicking, type MoneyReport, minorToMajor, type ReportRange } from "@igp/shared";
import type pg from "pg";
import { minorText } from "./csv.ts";
import { DAY_STARTS, int, rangeBounds } from "./report-range.ts";

/**
 * The money report: deposits and withdrawals per day and method (each bank account, each agent's
 * cash): requested (by the day asked), approved and refused (by the day decided), their amounts,
 * the withdrawal fees and agents' advances. Read from the request read models.
 */
export function moneyReportQuery({ from, to }: ReportRange, zone: string) {
  const inRange = (column: string) => `${column} >= b.start AND ${column} < b.finish`;
  const deposit = (at: string, what: string) => `
    SELECT 'deposit' AS flow, d.method, d.bank_name,
      CASE WHEN d.method = 'agent' THEN d.decided_by END AS agent_id,
      d.${at} AS at, ${what} AS what, d.amount, 0::bigint AS fee, 0::bigint AS advance
      FROM deposit_requests d, bounds b WHERE ${inRange(`d.${at}`)}`;
  const withdrawal = (at: string, what: string) => `
    SELECT 'withdrawal', w.method, w.bank_name,
      CASE WHEN w.method = 'agent' THEN w.decided_by END,
      w.${at}, ${what}, w.amount, w.fee, coalesce(w.advance, 0)
      FROM withdrawal_requests w, bounds b WHERE ${inRange(`w.${at}`)}`;
  const counted = (what: string) => `count(*) FILTER (WHERE what = '${what}')`;
  const summed = (column: string, what: string) =>
    `coalesce(sum(${column}) FILTER (WHERE what = '${what}'), 0)`;
  return {
    text: `
      WITH ${rangeBounds("$1", "$2", "$3")},
      facts AS (
        ${deposit("requested_at", "'requested'")} UNION ALL ${deposit("decided_at", "d.status")}
        UNION ALL ${withdrawal("requested_at", "'requested'")}
        UNION ALL ${withdrawal("decided_at", "w.status")}
      ),
      starts AS (${DAY_STARTS}),
      days AS (
        SELECT $1::date + width_bucket(f.at, s.at) - 1 AS day, flow, method, bank_name, agent_id,
          ${counted("requested")} AS requested, ${summed("amount", "requested")} AS requested_amount,
          ${counted("approved")} AS approved, ${summed("amount", "approved")} AS approved_amount,
          ${counted("disapproved")} AS refused, ${summed("amount", "disapproved")} AS refused_amount,
          ${summed("fee", "approved")} AS fees, ${summed("advance", "approved")} AS advances
          FROM facts f, starts s GROUP BY 1, 2, 3, 4, 5
      )
      -- Names and accounts joined to the days' rows, not to every request.
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.flow, d.method, d.bank_name,
        k.account_number, d.agent_id, u.full_name AS agent_name, d.requested, d.requested_amount,
        d.approved, d.approved_amount, d.refused, d.refused_amount, d.fees, d.advances
        FROM days d LEFT JOIN users u ON u.id::text = d.agent_id
        LEFT JOIN banks k ON d.flow = 'deposit' AND d.method = 'bank' AND k.type = 'deposit'
         AND lower(k.bank_name) = lower(d.bank_name)
       ORDER BY d.day, d.flow, d.method, d.bank_name, d.agent_id`,
    values: [from, to, zone],
  };
}

export interface MoneyRow {
  day: string;
  flow: "deposit" | "withdrawal";
  method: "bank" | "agent";
  bank_name: string | null;
  account_number: string | null;
  agent_id: string | null;
  agent_name: string | null;
  requested: string;
  requested_amount: string;
  approved: string;
  approved_amount: string;
  refused: string;
  refused_amount: string;
  fees: string;
  advances: string;
}

export function moneyReportOf(
  rows: MoneyRow[],
  { from, to }: ReportRange,
  timeZone: string,
): MoneyReport {
  return {
    timeZone,
    from,
    to,
    rows: rows.map((r) => ({
      day: r.day,
      flow: r.flow,
      method: r.method,
      bankName: r.bank_name,
      accountNumber: r.account_number,
      agentId: r.agent_id,
      agentName: r.agent_name,
      requested: int(r.requested),
      requestedAmount: minorToMajor(int(r.requested_amount)),
      approved: int(r.approved),
      approvedAmount: minorToMajor(int(r.approved_amount)),
      refused: int(r.refused),
      refusedAmount: minorToMajor(int(r.refused_amount)),
      fees: minorToMajor(int(r.fees)),
      advances: minorToMajor(int(r.advances)),
    })),
  };
}

export const MONEY_CSV_HEADER = [
  "day",
  "flow",
  "method",
  "bankName",
  "accountNumber",
  "agentId",
  "agentName",
  "requested",
  "requestedAmount",
  "approved",
  "approvedAmount",
  "refused",
  "refusedAmount",
  "fees",
  "advances",
];

export const moneyCsvLine = (r: MoneyRow) => [
  r.day,
  r.flow,
  r.method,
  r.bank_name,
  r.account_number,
  r.agent_id,
  r.agent_name,
  int(r.requested),
  minorText(int(r.requested_amount)),
  int(r.approved),
  minorText(int(r.approved_amount)),
  int(r.refused),
  minorText(int(r.refused_amount)),
  minorText(int(r.fees)),
  minorText(int(r.advances)),
];

export async function readMoneyReport(db: pg.ClientBase, range: ReportRange, zone: string) {
  const { rows } = await db.query<MoneyRow>(moneyReportQuery(range, zone));
  return moneyReportOf(rows, range, zone);
}

export interface TickingQuery {
  day: string;
  bankName: string;
}

/** One bank account's deposits approved on one day, in the order approved. */
export function depositTickingQuery({ day, bankName }: TickingQuery, zone: string) {
  return {
    text: `
      WITH ${rangeBounds("$1", "$1", "$2")}
      SELECT d.id, d.transaction_id, d.account_number, d.amount, d.requested_at, d.decided_at,
        u.full_name, u.phone
        FROM bounds b, deposit_requests d LEFT JOIN users u ON u.id::text = d.user_id
       WHERE d.status = 'approved' AND d.method = 'bank' AND lower(d.bank_name) = lower($3)
         AND d.decided_at >= b.start AND d.decided_at < b.finish
       ORDER BY d.decided_at, d.id`,
    values: [day, zone, bankName],
  };
}

export interface TickRow {
  id: string;
  transaction_id: string | null;
  account_number: string | null;
  amount: string;
  requested_at: Date;
  decided_at: Date;
  full_name: string | null;
  phone: string | null;
}

export async function readDepositTicking(db: pg.ClientBase, query: TickingQuery, zone: string) {
  const { rows } = await db.query<TickRow>(depositTickingQuery(query, zone));
  const total = rows.reduce((sum, r) => sum + int(r.amount), 0);
  const ticking: DepositTicking = {
    timeZone: zone,
    day: query.day,
    bankName: query.bankName,
    count: rows.length,
    total: minorToMajor(total),
    deposits: rows.map((r) => ({
      id: r.id,
      reference: r.transaction_id,
      fromAccount: r.account_number,
      amount: minorToMajor(int(r.amount)),
      requestedAt: r.requested_at.toISOString(),
      approvedAt: r.decided_at.toISOString(),
      playerName: r.full_name,
      playerPhone: r.phone,
    })),
  };
  return ticking;
}

export const TICKING_CSV_HEADER = [
  "reference",
  "fromAccount",
  "amount",
  "requestedAt",
  "approvedAt",
  "playerName",
  "playerPhone",
  "depositId",
];
export const tickingCsvLine = (r: TickRow) => [
  r.transaction_id,
  r.account_number,
  minorText(int(r.amount)),
  r.requested_at.toISOString(),
  r.decided_at.toISOString(),
  r.full_name,
  r.phone,
  r.id,
];
