import { type AgentStatements, minorToMajor, type ReportRange } from "@igp/shared";
import type pg from "pg";
import { minorText } from "./csv.ts";
import { int, rangeBounds } from "./report-range.ts";

/**
 * Each agent's float over the range: at its start, bought with charges, paid into players'
 * deposits (net of deposits returned), credited for withdrawals it paid out in cash, advances
 * earned, and at its end. `agentId` keeps one agent (an agent reads only its own).
 */
export function agentStatementsQuery({ from, to }: ReportRange, zone: string, agentId?: string) {
  const moved = (kinds: string) =>
    `coalesce(sum(m.amount) FILTER (WHERE m.occurred_at >= b.start AND m.kind IN (${kinds})), 0)`;
  return {
    text: `
      WITH ${rangeBounds("$1", "$2", "$3")}
      SELECT a.id::text AS agent_id, a.full_name,
        coalesce(sum(m.amount) FILTER (WHERE m.occurred_at < b.start), 0) AS opening,
        ${moved("'charge'")} AS charged,
        -${moved("'deposit', 'depositReturned'")} AS deposits_credited,
        ${moved("'withdrawal'")} AS withdrawals_paid,
        ${moved("'advance'")} AS advances,
        coalesce(sum(m.amount), 0) AS closing
        FROM users a CROSS JOIN bounds b
        LEFT JOIN report_agent_movements m ON m.agent_id = a.id::text AND m.occurred_at < b.finish
       WHERE a.role = 'admin' AND ($4::text IS NULL OR a.id::text = $4)
       GROUP BY a.id, a.full_name ORDER BY a.full_name, a.id`,
    values: [from, to, zone, agentId ?? null],
  };
}

export interface AgentRow {
  agent_id: string;
  full_name: string | null;
  opening: string;
  charged: string;
  deposits_credited: string;
  withdrawals_paid: string;
  advances: string;
  closing: string;
}

export function agentStatementsOf(
  rows: AgentRow[],
  { from, to }: ReportRange,
  timeZone: string,
): AgentStatements {
  return {
    timeZone,
    from,
    to,
    agents: rows.map((r) => ({
      agentId: r.agent_id,
      agentName: r.full_name,
      opening: minorToMajor(int(r.opening)),
      charged: minorToMajor(int(r.charged)),
      depositsCredited: minorToMajor(int(r.deposits_credited)),
      withdrawalsPaid: minorToMajor(int(r.withdrawals_paid)),
      advances: minorToMajor(int(r.advances)),
      closing: minorToMajor(int(r.closing)),
    })),
  };
}

export const AGENTS_CSV_HEADER = [
  "agentId",
  "agentName",
  "opening",
  "charged",
  "depositsCredited",
  "withdrawalsPaid",
  "advances",
  "closing",
];
export const agentsCsvLine = (r: AgentRow) => [
  r.agent_id,
  r.full_name,
  minorText(int(r.opening)),
  minorText(int(r.charged)),
  minorText(int(r.deposits_credited)),
  minorText(int(r.withdrawals_paid)),
  minorText(int(r.advances)),
  minorText(int(r.closing)),
];

export async function readAgentStatements(
  db: pg.ClientBase,
  range: ReportRange,
  zone: string,
  agentId?: string,
) {
  const { rows } = await db.query<AgentRow>(agentStatementsQuery(range, zone, agentId));
  return agentStatementsOf(rows, range, zone);
}
