-- Up Migration
-- Daily summaries of the games report (projections/src/reports/report-days.ts): per day in the
-- operator's time zone, game and venue (a public table, a lottery, private rounds), the money of
-- the rounds that closed that day, and the set of (day, game, venue, player) for distinct player
-- counts. The projection keeps them in the same transaction as the report_rounds rows they add
-- up (exact integer sums); a year is read from ~365 rows per venue rather than every round.
--
-- Days are keyed in one zone, report_summary_zone's. Changing the operator's zone rebuilds both
-- tables from report_rounds and player_game_history in the transaction that changes it (a rare
-- act, about a second for a year of rounds). UTC-hour buckets summed into local days would need
-- no rebuild for whole-hour zones, but not for a +5:30 or +5:45 zone, and players cannot be
-- summed across hours: a distinct count needs the (day, player) set of the zone's days anyway.

-- The zone the summaries are keyed in (one row); the operator's setting, mirrored.
CREATE TABLE report_summary_zone (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  zone     text NOT NULL
);
INSERT INTO report_summary_zone (zone)
  SELECT coalesce((SELECT value FROM operator_settings WHERE name = 'timeZone'), 'Africa/Addis_Ababa');

CREATE TABLE report_game_days (
  day       date   NOT NULL,
  game      text   NOT NULL,
  -- 'table-<id>', 'lottery-<code>' or 'private'.
  venue     text   NOT NULL,
  title     text,
  rounds    int    NOT NULL DEFAULT 0,
  cancelled int    NOT NULL DEFAULT 0,
  seats     bigint NOT NULL DEFAULT 0,
  stakes    bigint NOT NULL DEFAULT 0,
  payouts   bigint NOT NULL DEFAULT 0,
  house_cut bigint NOT NULL DEFAULT 0,
  prizes    bigint NOT NULL DEFAULT 0,
  refunds   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, game, venue)
);

-- Who played on a day, game and venue, and in how many of its closed rounds.
CREATE TABLE report_player_days (
  day     date NOT NULL,
  game    text NOT NULL,
  venue   text NOT NULL,
  user_id text NOT NULL,
  rounds  int  NOT NULL,
  PRIMARY KEY (day, game, venue, user_id)
);

-- Filled from the rows already projected (an existing install needs no rebuild).
INSERT INTO report_game_days
  SELECT day, game, venue, max(title), count(*) FILTER (WHERE status = 'settled'),
    count(*) FILTER (WHERE status = 'cancelled'), sum(seats), sum(stakes), sum(payouts),
    sum(house_cut), sum(prizes), sum(refunds)
    FROM (SELECT (r.closed_at AT TIME ZONE z.zone)::date AS day, r.game,
            CASE WHEN r.table_id IS NOT NULL THEN 'table-' || r.table_id
                 WHEN r.game = 'lottery' THEN 'lottery-' || coalesce(r.code, r.id)
                 ELSE 'private' END AS venue, r.title, r.status, r.seats, r.stakes, r.payouts,
            r.house_cut, r.prizes, r.refunds
            FROM report_rounds r, report_summary_zone z
           WHERE r.closed_at IS NOT NULL AND r.game IS NOT NULL) c
   GROUP BY day, game, venue;
INSERT INTO report_player_days
  SELECT (r.closed_at AT TIME ZONE z.zone)::date, r.game,
    CASE WHEN r.table_id IS NOT NULL THEN 'table-' || r.table_id
         WHEN r.game = 'lottery' THEN 'lottery-' || coalesce(r.code, r.id)
         ELSE 'private' END, h.user_id, count(*)
    FROM report_rounds r JOIN player_game_history h ON h.round_id = r.id, report_summary_zone z
   WHERE r.closed_at IS NOT NULL AND r.game IS NOT NULL
   GROUP BY 1, 2, 3, 4;

-- Down Migration
DROP TABLE report_player_days;
DROP TABLE report_game_days;
DROP TABLE report_summary_zone;
