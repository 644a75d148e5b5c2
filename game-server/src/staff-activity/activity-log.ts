import {
  minorToMajor,
  STAFF_ACTIVITY_PAGE_SIZE,
  type StaffActivityEntry,
  type StaffActivityExportQuery,
} from "@igp/shared";
import type pg from "pg";
import { minorText } from "../reports/csv.ts";
import { int, rangeBounds } from "../reports/report-range.ts";

/**
 * The staff activity log as one query: the ledger's staff events (the staff_activity read
 * model) with the table-only actions (staff_actions) and auditors' requests (auditor_access),
 * newest first, filtered by a range of days
 * in the operator's time zone, a staff member and an action. `limit` null gives every row (the
 * CSV export). Each branch is filtered before the union, so each uses its own index.
 */
export function activityQuery(
  { from, to, staffId, action }: StaffActivityExportQuery,
  zone: string,
  limit: number | null,
  offset = 0,
) {
  const where = `occurred_at >= b.start AND occurred_at < b.finish
    AND ($4::text IS NULL OR staff_id::text = $4) AND ($5::text IS NULL OR action = $5)`;
  return {
    text: `
      WITH ${rangeBounds("$1", "$2", "$3")},
      log AS (
        SELECT a.id, a.occurred_at, a.staff_id, a.staff_role, a.action, a.amount, a.target_kind,
               a.target_id, a.player_id, a.ip, a.note AS detail, 'ledger' AS source
          FROM staff_activity a, bounds b WHERE ${where}
        UNION ALL
        SELECT t.id::text, t.occurred_at, t.staff_id::text, t.staff_role, t.action, t.amount,
               t.target_kind, t.target_id, t.player_id, t.ip, t.detail, 'table'
          FROM staff_actions t, bounds b WHERE ${where}
        UNION ALL
        SELECT x.id::text, x.occurred_at, x.staff_id::text, 'auditor', x.action, NULL::bigint,
               'route', x.method || ' ' || x.path, NULL::text, x.ip, NULL::text, 'access'
          FROM auditor_access x, bounds b WHERE ${where}
        ORDER BY occurred_at DESC, id DESC
        LIMIT $6 OFFSET $7
      )
      SELECT log.*, s.full_name AS staff_name, p.full_name AS player_name
        FROM log
        LEFT JOIN users s ON s.id::text = log.staff_id
        LEFT JOIN users p ON p.id::text = log.player_id
       ORDER BY log.occurred_at DESC, log.id DESC`,
    values: [from, to, zone, staffId ?? null, action ?? null, limit, offset],
  };
}

export interface ActivityRow {
  id: string;
  occurred_at: Date;
  staff_id: string;
  staff_role: string;
  action: StaffActivityEntry["action"];
  amount: string | null;
  target_kind: string;
  target_id: string;
  player_id: string | null;
  ip: string | null;
  detail: string | null;
  source: "ledger" | "table" | "access";
  staff_name: string | null;
  player_name: string | null;
}

/** One page of the log, its number of pages, and the staff accounts to filter by. */
export async function readActivityPage(
  db: pg.ClientBase,
  filters: StaffActivityExportQuery,
  page: number,
  zone: string,
) {
  const size = STAFF_ACTIVITY_PAGE_SIZE;
  const { rows } = await db.query<ActivityRow>(
    activityQuery(filters, zone, size, (page - 1) * size),
  );
  const counted = activityQuery(filters, zone, null);
  const { rows: total } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM (${counted.text}) counted`,
    counted.values,
  );
  const { rows: staff } = await db.query<{ id: string; full_name: string; role: string }>(
    "SELECT id, full_name, role FROM users WHERE role IN ('admin', 'superAdmin', 'auditor') ORDER BY full_name, id",
  );
  return {
    entries: rows.map(toEntry),
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(int(total[0]?.n) / size)),
    staff: staff.map((s) => ({ id: s.id, name: s.full_name, role: s.role })),
  };
}

export function toEntry(row: ActivityRow): StaffActivityEntry {
  return {
    id: row.id,
    at: new Date(row.occurred_at).toISOString(),
    staff: { id: row.staff_id, name: row.staff_name, role: row.staff_role },
    action: row.action,
    amount: row.amount === null ? null : minorToMajor(int(row.amount)),
    target: { kind: row.target_kind, id: row.target_id },
    player: row.player_id ? { id: row.player_id, name: row.player_name } : null,
    ip: row.ip,
    detail: row.detail,
    source: row.source,
  };
}

export const ACTIVITY_CSV_HEADER = [
  "Time (UTC)",
  "Staff",
  "Staff id",
  "Role",
  "Action",
  "Amount (ETB)",
  "Target",
  "Target id",
  "Player",
  "Player id",
  "Address",
  "Detail",
  "Source",
];

export const activityCsvLine = (r: ActivityRow) => [
  new Date(r.occurred_at).toISOString(),
  r.staff_name,
  r.staff_id,
  r.staff_role,
  r.action,
  r.amount === null ? null : minorText(int(r.amount)),
  r.target_kind,
  r.target_id,
  r.player_name,
  r.player_id,
  r.ip,
  r.detail,
  r.source,
];
