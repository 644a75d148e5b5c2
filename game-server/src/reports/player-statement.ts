import {
  minorToMajor,
  type PlayerStatement,
  REPORT_PAGE_SIZE,
  type ReportRange,
} from "@igp/shared";
import type pg from "pg";
import { minorText } from "./csv.ts";
import { int, rangeBounds } from "./report-range.ts";

/** Before a wallet's first movement (revision 0): a statement's first page starts after it. */
export const FIRST = -1;

/**
 * A player's every wallet movement in the range, in the wallet's order, with the main and bonus
 * balances after each (running sums from the wallet's first movement). A page starts after the
 * movement `after`; `limit` null gives them all (an export).
 */
export function statementQuery(
  userId: string,
  { from, to }: ReportRange,
  zone: string,
  after: number,
  limit: number | null,
) {
  return {
    text: `
      WITH ${rangeBounds("$1", "$2", "$3")},
      moves AS (
        SELECT m.revision, m.occurred_at, m.kind, m.main, m.bonus, m.reference,
          sum(m.main) OVER w AS main_balance, sum(m.bonus) OVER w AS bonus_balance
          FROM report_wallet_movements m, bounds b
         WHERE m.user_id = $4 AND m.occurred_at < b.finish
        WINDOW w AS (ORDER BY m.revision)
      )
      SELECT moves.* FROM moves, bounds b
       WHERE moves.occurred_at >= b.start AND moves.revision > $5
       ORDER BY moves.revision LIMIT $6`,
    values: [from, to, zone, userId, after, limit],
  };
}

export interface MovementRow {
  revision: string;
  occurred_at: Date;
  kind: string;
  main: string;
  bonus: string;
  reference: string | null;
  main_balance: string;
  bonus_balance: string;
}

/** The balances before the range: the sums of the movements before its first instant. */
async function openingOf(db: pg.ClientBase, userId: string, { from }: ReportRange, zone: string) {
  const { rows } = await db.query(
    `SELECT coalesce(sum(main), 0) AS main, coalesce(sum(bonus), 0) AS bonus
       FROM report_wallet_movements
      WHERE user_id = $1 AND occurred_at < ($2::date)::timestamp AT TIME ZONE $3`,
    [userId, from, zone],
  );
  return { main: int(rows[0].main), bonus: int(rows[0].bonus) };
}

/** A player's name, or null when no player has that id. */
export async function playerName(db: pg.Pool | pg.ClientBase, userId: string) {
  const { rows } = await db.query(
    "SELECT full_name FROM users WHERE id::text = $1 AND role = 'user'",
    [userId],
  );
  return rows.length === 0 ? null : { name: rows[0].full_name as string | null };
}

export async function readStatement(
  db: pg.ClientBase,
  player: { id: string; name: string | null },
  range: ReportRange,
  zone: string,
  after = FIRST,
): Promise<PlayerStatement> {
  const opening = await openingOf(db, player.id, range, zone);
  const { rows } = await db.query<MovementRow>(
    statementQuery(player.id, range, zone, after, REPORT_PAGE_SIZE + 1),
  );
  const page = rows.slice(0, REPORT_PAGE_SIZE);
  return {
    timeZone: zone,
    from: range.from,
    to: range.to,
    playerId: player.id,
    playerName: player.name,
    opening: { main: minorToMajor(opening.main), bonus: minorToMajor(opening.bonus) },
    movements: page.map((r) => ({
      revision: int(r.revision),
      at: r.occurred_at.toISOString(),
      kind: r.kind,
      main: minorToMajor(int(r.main)),
      bonus: minorToMajor(int(r.bonus)),
      mainBalance: minorToMajor(int(r.main_balance)),
      bonusBalance: minorToMajor(int(r.bonus_balance)),
      reference: r.reference,
    })),
    next: rows.length > REPORT_PAGE_SIZE ? int(page.at(-1)!.revision) : null,
  };
}

export const STATEMENT_CSV_HEADER = [
  "revision",
  "at",
  "kind",
  "main",
  "bonus",
  "mainBalance",
  "bonusBalance",
  "reference",
];
export const statementCsvLine = (r: MovementRow) => [
  int(r.revision),
  r.occurred_at.toISOString(),
  r.kind,
  minorText(int(r.main)),
  minorText(int(r.bonus)),
  minorText(int(r.main_balance)),
  minorText(int(r.bonus_balance)),
  r.reference,
];
