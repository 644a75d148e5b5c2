import { type GamesReport, minorToMajor, type ReportRange } from "@igp/shared";
import type pg from "pg";
import { minorText } from "./csv.ts";
import { DAY_STARTS, int, rangeBounds } from "./report-range.ts";

/**
 * The games report: per day, game and table (or lottery, or private rounds) the rounds closed in
 * the range, their distinct players, stakes, payouts, house cut, lottery prizes, refunds and
 * return to player; then per game and in total (one query: grouping sets). A round counts on
 * the day it closed. The total's house net, plus withdrawal fees less agents' advances (the money
 * report), is the change of the audit's house balance over the range.
 */
/** The figures of a set of rows of `days`, added up (a total over no rows is zeros). */
const SUMS = ["rounds", "cancelled", "seats", "stakes", "payouts", "house_cut", "prizes", "refunds"]
  .map((column) => `coalesce(sum(${column}), 0)`)
  .join(", ");

/** Distinct players per row, per game and in all, from `seen` (day, game, venue, user_id). */
const PLAYERS = `
      players AS (
        SELECT day, game, venue, count(*) AS players FROM seen GROUP BY day, game, venue
        UNION ALL
        SELECT NULL, game, NULL, count(*) FROM (SELECT game, user_id FROM seen GROUP BY 1, 2) g GROUP BY game
        UNION ALL
        SELECT NULL, NULL, NULL, count(*) FROM (SELECT user_id FROM seen GROUP BY 1) a
      )`;

/** The money rows with their players, per day, then per game, then the total. */
const SELECT_ROWS = `
      SELECT to_char(m.day, 'YYYY-MM-DD') AS day, m.game, m.venue, coalesce(m.title, l.title) AS title,
        g.bet_amount AS table_bet, m.rounds, m.cancelled, m.seats, m.stakes, m.payouts, m.house_cut,
        m.prizes, m.refunds, coalesce(p.players, 0) AS players
        FROM money m LEFT JOIN players p
          -- Equalities a hash join takes (a total's day, game and venue are null).
          ON coalesce(p.day, 'epoch') = coalesce(m.day, 'epoch')
         AND coalesce(p.game, '') = coalesce(m.game, '') AND coalesce(p.venue, '') = coalesce(m.venue, '')
        -- Names to the rows, not to every round: a table's bet, a lottery's title.
        LEFT JOIN instant_games g ON m.venue = 'table-' || g.id
        LEFT JOIN lotteries l ON m.venue = 'lottery-' || l.code
       ORDER BY m.day NULLS LAST, m.game NULLS LAST, m.venue`;

/**
 * The report from the daily summaries (report_game_days, report_player_days: kept by the
 * projection, keyed by day in the operator's zone): a year reads ~365 rows per venue and the
 * (day, player) sets rather than every round. Same rows, in the same order, as
 * gamesDetailQuery (the reports tests compare them).
 */
export function gamesReportQuery({ from, to }: ReportRange) {
  return {
    text: `
      WITH days AS (
        SELECT day, game, venue, title, rounds::bigint, cancelled::bigint, seats, stakes, payouts,
          house_cut, prizes, refunds
          FROM report_game_days WHERE day BETWEEN $1::date AND $2::date AND rounds + cancelled > 0
      ),
      money AS (
        SELECT * FROM days
        UNION ALL
        SELECT NULL, game, NULL, NULL, ${SUMS} FROM days GROUP BY game
        UNION ALL
        SELECT NULL, NULL, NULL, NULL, ${SUMS} FROM days
      ),
      seen AS MATERIALIZED (
        SELECT day, game, venue, user_id FROM report_player_days
         WHERE day BETWEEN $1::date AND $2::date AND rounds > 0
      ),
      ${PLAYERS}
      ${SELECT_ROWS}`,
    values: [from, to],
  };
}

/**
 * The report from every round of the range (report_rounds and player_game_history): the
 * reference the summaries must equal, and the baseline of bench:reports.
 */
export function gamesDetailQuery({ from, to }: ReportRange, zone: string) {
  return {
    text: `
      WITH ${rangeBounds("$1", "$2", "$3")},
      starts AS (${DAY_STARTS}),
      closed AS MATERIALIZED (
        SELECT r.id, r.game, r.title, r.status, r.seats, r.stakes, r.payouts, r.house_cut, r.prizes,
          r.refunds, $1::date + width_bucket(r.closed_at, s.at) - 1 AS day,
          CASE WHEN r.table_id IS NOT NULL THEN 'table-' || r.table_id
               WHEN r.game = 'lottery' THEN 'lottery-' || coalesce(r.code, r.id)
               ELSE 'private' END AS venue
          FROM report_rounds r, bounds b, starts s
         WHERE r.closed_at >= b.start AND r.closed_at < b.finish
      ),
      -- Each day, game and venue (one hash aggregate), then per game and in all from those rows.
      days AS (
        SELECT day, game, venue, max(title) AS title,
          count(*) FILTER (WHERE status = 'settled') AS rounds,
          count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
          sum(seats) AS seats, sum(stakes) AS stakes, sum(payouts) AS payouts,
          sum(house_cut) AS house_cut, sum(prizes) AS prizes, sum(refunds) AS refunds
          FROM closed GROUP BY day, game, venue
      ),
      money AS (
        SELECT * FROM days
        UNION ALL
        SELECT NULL, game, NULL, NULL, ${SUMS} FROM days GROUP BY game
        UNION ALL
        SELECT NULL, NULL, NULL, NULL, ${SUMS} FROM days
      ),
      -- Who played: distinct players per row, per game and in all (hash aggregates).
      seen AS MATERIALIZED (
        SELECT c.day, c.game, c.venue, h.user_id
          FROM closed c JOIN player_game_history h ON h.round_id = c.id
         GROUP BY c.day, c.game, c.venue, h.user_id
      ),
      ${PLAYERS}
      ${SELECT_ROWS}`,
    values: [from, to, zone],
  };
}

export interface GamesRow {
  day: string | null;
  game: string | null;
  venue: string | null;
  title: string | null;
  table_bet: string | null;
  rounds: string;
  cancelled: string;
  seats: string;
  stakes: string;
  payouts: string;
  house_cut: string;
  prizes: string;
  refunds: string;
  players: string;
}

/** The figures of one row in minor units, with the house's net and the return to player. */
function figuresOf(row: GamesRow) {
  const stakes = int(row.stakes);
  const payouts = int(row.payouts);
  const houseCut = int(row.house_cut);
  const prizes = int(row.prizes);
  const refunds = int(row.refunds);
  return {
    rounds: int(row.rounds),
    cancelled: int(row.cancelled),
    players: int(row.players),
    seats: int(row.seats),
    stakes,
    payouts,
    houseCut,
    prizes,
    refunds,
    houseNet: houseCut - prizes,
    rtpBasisPoints: rtpBasisPoints(payouts + prizes, stakes - refunds),
  };
}

/** Paid back over played, in basis points rounded down; none when nothing was played. */
function rtpBasisPoints(paid: number, played: number): number | null {
  if (played <= 0) return null;
  return Number((BigInt(paid) * 10_000n) / BigInt(played));
}

const percent = (basisPoints: number | null) =>
  basisPoints === null
    ? null
    : Number(`${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`);

function wireFigures(row: GamesRow) {
  const f = figuresOf(row);
  return {
    rounds: f.rounds,
    cancelled: f.cancelled,
    players: f.players,
    seats: f.seats,
    stakes: minorToMajor(f.stakes),
    payouts: minorToMajor(f.payouts),
    houseCut: minorToMajor(f.houseCut),
    prizes: minorToMajor(f.prizes),
    refunds: minorToMajor(f.refunds),
    houseNet: minorToMajor(f.houseNet),
    rtpPercent: percent(f.rtpBasisPoints),
  };
}

type Game = GamesReport["rows"][number]["game"];

/** The query's rows as the API answers them: per day, per game, the total. */
export function gamesReportOf(
  rows: GamesRow[],
  { from, to }: ReportRange,
  timeZone: string,
): GamesReport {
  const report: GamesReport = {
    timeZone,
    from,
    to,
    rows: [],
    games: [],
    total: wireFigures(rows.at(-1)!),
  };
  for (const row of rows) {
    if (row.day !== null)
      report.rows.push({
        day: row.day,
        game: row.game as Game,
        venue: row.venue!,
        title: row.title,
        tableBet: row.table_bet === null ? null : minorToMajor(int(row.table_bet)),
        ...wireFigures(row),
      });
    else if (row.game !== null) report.games.push({ game: row.game as Game, ...wireFigures(row) });
  }
  return report;
}

export const GAMES_CSV_HEADER = [
  "day",
  "game",
  "venue",
  "title",
  "tableBet",
  "rounds",
  "cancelled",
  "players",
  "seats",
  "stakes",
  "payouts",
  "houseCut",
  "prizes",
  "refunds",
  "houseNet",
  "rtpPercent",
];

/** A CSV line: per-game rows say "all days", the total "all games". */
export function gamesCsvLine(row: GamesRow) {
  const f = figuresOf(row);
  const rtp = f.rtpBasisPoints === null ? null : percentText(f.rtpBasisPoints);
  return [
    row.day ?? "all days",
    row.game ?? "all games",
    row.venue ?? "",
    row.title,
    row.table_bet === null ? null : minorText(int(row.table_bet)),
    f.rounds,
    f.cancelled,
    f.players,
    f.seats,
    minorText(f.stakes),
    minorText(f.payouts),
    minorText(f.houseCut),
    minorText(f.prizes),
    minorText(f.refunds),
    minorText(f.houseNet),
    rtp,
  ];
}

const percentText = (basisPoints: number) =>
  `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`;

export async function readGamesReport(db: pg.ClientBase, range: ReportRange, zone: string) {
  const { rows } = await db.query<GamesRow>(gamesReportQuery(range));
  return gamesReportOf(rows, range, zone);
}
