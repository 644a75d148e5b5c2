import type pg from "pg";

/**
 * The games report's daily summaries (report_game_days, report_player_days; migration
 * 1764500000000): per day in the summary zone, game and venue. Kept by the reports projector in
 * the transaction that writes the report_rounds rows they add up, and rebuilt from those rows when
 * the operator's time zone changes.
 */

/** The runner's client or a projector's ProjectionDb. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
}

/** Where a round was played, as the games report names it (`r` is a report_rounds row). */
export const VENUE = `CASE WHEN r.table_id IS NOT NULL THEN 'table-' || r.table_id
  WHEN r.game = 'lottery' THEN 'lottery-' || coalesce(r.code, r.id) ELSE 'private' END`;

/**
 * The zone the summaries are keyed in, read with a share lock held to the end of the
 * transaction: a zone change (which updates the row and rebuilds) waits for the batch that
 * wrote in the old zone, and a batch after it waits for the rebuild and reads the new zone.
 */
export async function summaryZone(db: Queryable): Promise<string> {
  const { rows } = await db.query("SELECT zone FROM report_summary_zone FOR SHARE");
  return rows[0].zone;
}

/** The money of rounds closing or changing after they closed, added to their days. */
export const ROUND_DAYS_DELTA = `
  delta AS (
    SELECT (r.closed_at AT TIME ZONE $ZONE)::date AS day, r.game, ${VENUE} AS venue, r.title,
      (r.status = 'settled')::int AS rounds, (r.status = 'cancelled')::int AS cancelled,
      r.seats, r.stakes, r.payouts, r.house_cut, r.prizes, r.refunds
      FROM new r WHERE r.closed_at IS NOT NULL AND r.game IS NOT NULL
    UNION ALL
    SELECT (r.closed_at AT TIME ZONE $ZONE)::date, r.game, ${VENUE}, r.title,
      -(r.status = 'settled')::int, -(r.status = 'cancelled')::int,
      -r.seats, -r.stakes, -r.payouts, -r.house_cut, -r.prizes, -r.refunds
      FROM old r
  )
  INSERT INTO report_game_days AS d (day, game, venue, title, rounds, cancelled, seats, stakes,
      payouts, house_cut, prizes, refunds)
  SELECT day, game, venue, max(title), sum(rounds), sum(cancelled), sum(seats), sum(stakes),
      sum(payouts), sum(house_cut), sum(prizes), sum(refunds)
    FROM delta GROUP BY day, game, venue
  ON CONFLICT (day, game, venue) DO UPDATE SET title = greatest(d.title, EXCLUDED.title),
    rounds = d.rounds + EXCLUDED.rounds, cancelled = d.cancelled + EXCLUDED.cancelled,
    seats = d.seats + EXCLUDED.seats, stakes = d.stakes + EXCLUDED.stakes,
    payouts = d.payouts + EXCLUDED.payouts, house_cut = d.house_cut + EXCLUDED.house_cut,
    prizes = d.prizes + EXCLUDED.prizes, refunds = d.refunds + EXCLUDED.refunds`;

/**
 * Rounds closing (id → its closing time): their players (their game history rows, written
 * before) join the sets of their days, games and venues. Counted per group first, as one player
 * may close several rounds of one day and venue in a batch.
 */
export async function addRoundsPlayers(
  db: Queryable,
  closed: Map<string, { closedAt: string }>,
  zone: string,
) {
  if (closed.size === 0) return;
  await db.query(
    `INSERT INTO report_player_days AS p (day, game, venue, user_id, rounds)
     SELECT (c.closed_at AT TIME ZONE $3)::date, r.game, ${VENUE}, h.user_id, count(*)
       FROM unnest($1::text[], $2::timestamptz[]) AS c (id, closed_at)
       JOIN report_rounds r ON r.id = c.id
       JOIN player_game_history h ON h.round_id = r.id
      WHERE r.game IS NOT NULL
      GROUP BY 1, 2, 3, 4
     ON CONFLICT (day, game, venue, user_id) DO UPDATE SET rounds = p.rounds + EXCLUDED.rounds`,
    [[...closed.keys()], [...closed.values()].map((c) => c.closedAt), zone],
  );
}

/** Both summaries as the detail rows make them in `zone` (a rebuild, and the audit's reference). */
export const SUMMARIES_OF_DETAIL = {
  gameDays: `
    SELECT (r.closed_at AT TIME ZONE $1)::date AS day, r.game, ${VENUE} AS venue, max(r.title) AS title,
      count(*) FILTER (WHERE r.status = 'settled')::int AS rounds,
      count(*) FILTER (WHERE r.status = 'cancelled')::int AS cancelled,
      sum(r.seats)::bigint AS seats, sum(r.stakes)::bigint AS stakes, sum(r.payouts)::bigint AS payouts,
      sum(r.house_cut)::bigint AS house_cut, sum(r.prizes)::bigint AS prizes,
      sum(r.refunds)::bigint AS refunds
      FROM report_rounds r WHERE r.closed_at IS NOT NULL AND r.game IS NOT NULL
     GROUP BY 1, 2, 3`,
  playerDays: `
    SELECT (r.closed_at AT TIME ZONE $1)::date AS day, r.game, ${VENUE} AS venue, h.user_id,
      count(*)::int AS rounds
      FROM report_rounds r JOIN player_game_history h ON h.round_id = r.id
     WHERE r.closed_at IS NOT NULL AND r.game IS NOT NULL
     GROUP BY 1, 2, 3, 4`,
};

/**
 * Keys the summaries in `zone` from now on: rebuilt from the detail rows, inside the caller's
 * transaction (the one that changes the operator's setting), so no reader sees them half-made.
 */
export async function rebuildReportDays(db: pg.ClientBase, zone: string): Promise<void> {
  await db.query("UPDATE report_summary_zone SET zone = $1", [zone]);
  await db.query("DELETE FROM report_game_days");
  await db.query("DELETE FROM report_player_days");
  await db.query(
    `INSERT INTO report_game_days (day, game, venue, title, rounds, cancelled, seats, stakes,
       payouts, house_cut, prizes, refunds) ${SUMMARIES_OF_DETAIL.gameDays}`,
    [zone],
  );
  await db.query(
    `INSERT INTO report_player_days (day, game, venue, user_id, rounds) ${SUMMARIES_OF_DETAIL.playerDays}`,
    [zone],
  );
}

/** Rows of each summary that differ from what the detail rows make (empty when they agree). */
export async function summaryDifferences(db: pg.ClientBase | pg.Pool) {
  const differences = async (table: string, detail: string, columns: string) => {
    const { rows } = await db.query(
      `WITH z AS (SELECT zone FROM report_summary_zone),
       expected AS (${detail.replaceAll("$1", "(SELECT zone FROM z)")}),
       actual AS (SELECT ${columns} FROM ${table}
                   WHERE rounds <> 0 OR ${table === "report_game_days" ? "cancelled <> 0" : "false"})
       (SELECT 'missing' AS problem, * FROM (SELECT ${columns} FROM expected EXCEPT ALL SELECT * FROM actual) m)
       UNION ALL
       (SELECT 'extra', * FROM (SELECT * FROM actual EXCEPT ALL SELECT ${columns} FROM expected) e)`,
    );
    return rows;
  };
  return {
    gameDays: await differences(
      "report_game_days",
      SUMMARIES_OF_DETAIL.gameDays,
      "day, game, venue, title, rounds, cancelled, seats, stakes, payouts, house_cut, prizes, refunds",
    ),
    playerDays: await differences(
      "report_player_days",
      SUMMARIES_OF_DETAIL.playerDays,
      "day, game, venue, user_id, rounds",
    ),
  };
}
