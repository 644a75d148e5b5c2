import { agentStream, type Ledger } from "@igp/ledger";
import { messageSchema, minorToMajor } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";

const statsSchema = z.object({
  userBalance: z.number(),
  BonesBalance: z.number(),
  activePlayers: z.number(),
  blockedPlayers: z.number(),
  transactions: z.number(),
  transactionsCompleted: z.number(),
  houseRevenue: z.number(),
  totalGamesPlayed: z.number(),
  activeGames: z.number(),
  dailyActiveUsers: z.number(),
  newRegistrationsToday: z.number(),
  pendingDeposits: z.number(),
  pendingWithdrawals: z.number(),
  reportedIssues: z.number(),
});

/**
 * The dashboard: the superAdmin's 14 statistics (admin spec section 3, names as the spec spells
 * them), read from the projections; an agent's remaining float. "Today" is the server's UTC day;
 * reportedIssues counts players waiting for a password reset.
 */
export async function dashboardRoutes(
  app: FastifyInstance,
  { pool, ledger }: { pool: pg.Pool; ledger: Ledger },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/admin/dashboard/series",
    {
      schema: {
        tags: ["back office"],
        summary: "Deposits, withdrawals, house revenue and rounds per day over the last 30 days",
        description:
          "House revenue is the change of the house balance: round cuts (coin flip and spin wheel cuts, lottery ticket sales) plus withdrawal fees, minus lottery prizes and agents' advances; the same definition as the statistics' houseRevenue (all days), whose total is the house balance of `npm run audit`.",
        security: [{ bearer: [] }],
        response: { 200: seriesSchema, 401: messageSchema, 403: messageSchema },
      },
      onRequest: app.requireRole("superAdmin", "auditor"),
    },
    async () => {
      const { rows } = await pool.query(SERIES);
      return {
        days: rows.map((r) => ({
          day: r.day,
          deposits: minorToMajor(Number(r.deposits)),
          withdrawals: minorToMajor(Number(r.withdrawals)),
          houseRevenue: minorToMajor(Number(r.house_revenue)),
          rounds: Number(r.rounds),
        })),
      };
    },
  );

  api.get(
    "/api/admin/dashboard/stats",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Dashboard statistics (superAdmin: 14 figures; agent: its remaining float as mainBalance and the advances it earned)",
        security: [{ bearer: [] }],
        response: {
          200: z.union([
            statsSchema,
            z.object({ mainBalance: z.number(), advanceEarned: z.number() }),
          ]),
          401: messageSchema,
          403: messageSchema,
        },
      },
      onRequest: app.requireRole("admin", "superAdmin", "auditor"),
    },
    async (request) => {
      if (request.user!.role === "admin") {
        const agentId = request.user!.id;
        const agent = await ledger.handler.load<{ float: number }>(agentStream(agentId));
        const { rows } = await pool.query(AGENT_ADVANCES, [agentId]);
        return {
          mainBalance: minorToMajor(agent.float),
          advanceEarned: minorToMajor(Number(rows[0].total)),
        };
      }
      const { rows } = await pool.query(STATS);
      const r = rows[0];
      const count = (value: string) => Number(value);
      return {
        userBalance: minorToMajor(count(r.user_balance)),
        BonesBalance: minorToMajor(count(r.bonus_balance)),
        activePlayers: count(r.active_players),
        blockedPlayers: count(r.blocked_players),
        transactions: count(r.transactions),
        transactionsCompleted: count(r.transactions_completed),
        houseRevenue: minorToMajor(count(r.house_revenue)),
        totalGamesPlayed: count(r.games_played),
        activeGames: count(r.active_games),
        dailyActiveUsers: count(r.daily_active),
        newRegistrationsToday: count(r.new_today),
        pendingDeposits: count(r.pending_deposits),
        pendingWithdrawals: count(r.pending_withdrawals),
        reportedIssues: count(r.reported_issues),
      };
    },
  );
}

const seriesSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      deposits: z.number(),
      withdrawals: z.number(),
      houseRevenue: z.number(),
      rounds: z.number(),
    }),
  ),
});

/**
 * House revenue, one definition for every figure of the dashboard: the change of the house
 * balance, i.e. round cuts (coin flip and spin wheel cuts, lottery ticket sales) plus withdrawal
 * fees, minus lottery prizes and agents' advances (ledger's evolveHouse, projected per UTC day
 * into house_days). Over all days it is the house balance `npm run audit` reports.
 */
const HOUSE_REVENUE_ALL_TIME = "(SELECT coalesce(sum(balance), 0) FROM house_days)";

/**
 * The last 30 days (UTC), one row per day: approved deposits and withdrawals (major units), the
 * house revenue of the day (as above), and rounds settled.
 */
const SERIES = `
  WITH days AS (
    SELECT generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') - interval '29 days',
                           date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS day
  )
  SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
    (SELECT coalesce(sum(amount), 0) FROM deposit_requests
      WHERE status = 'approved' AND (decided_at AT TIME ZONE 'UTC') >= d.day AND (decided_at AT TIME ZONE 'UTC') < d.day + interval '1 day') AS deposits,
    (SELECT coalesce(sum(amount), 0) FROM withdrawal_requests
      WHERE status = 'approved' AND (decided_at AT TIME ZONE 'UTC') >= d.day AND (decided_at AT TIME ZONE 'UTC') < d.day + interval '1 day') AS withdrawals,
    (SELECT coalesce(sum(balance), 0) FROM house_days WHERE day = d.day::date) AS house_revenue,
    (SELECT count(*) FROM rounds
      WHERE status = 'settled' AND (closed_at AT TIME ZONE 'UTC') >= d.day AND (closed_at AT TIME ZONE 'UTC') < d.day + interval '1 day') AS rounds
  FROM days d ORDER BY d.day`;

const STATS = `
  WITH today AS (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start)
  SELECT
    (SELECT coalesce(sum(main), 0) FROM player_balances) AS user_balance,
    (SELECT coalesce(sum(bonus), 0) FROM player_balances) AS bonus_balance,
    (SELECT count(*) FROM users WHERE role = 'user' AND status = 'active') AS active_players,
    (SELECT count(*) FROM users WHERE role = 'user' AND status = 'blocked') AS blocked_players,
    (SELECT (SELECT count(*) FROM deposit_requests) + (SELECT count(*) FROM withdrawal_requests)) AS transactions,
    (SELECT (SELECT count(*) FROM deposit_requests WHERE status = 'approved')
          + (SELECT count(*) FROM withdrawal_requests WHERE status = 'approved')) AS transactions_completed,
    ${HOUSE_REVENUE_ALL_TIME} AS house_revenue,
    (SELECT count(*) FROM rounds WHERE status = 'settled') AS games_played,
    (SELECT count(*) FROM rounds WHERE status = 'open') AS active_games,
    (SELECT count(*) FROM users, today WHERE role = 'user' AND last_login_at >= today.start) AS daily_active,
    (SELECT count(*) FROM users, today WHERE role = 'user' AND created_at >= today.start) AS new_today,
    (SELECT count(*) FROM deposit_requests WHERE status = 'pending') AS pending_deposits,
    (SELECT count(*) FROM withdrawal_requests WHERE status = 'pending') AS pending_withdrawals,
    (SELECT count(*) FROM password_reset_requests WHERE status = 'pending') AS reported_issues`;

/** What an agent earned in advances: on the withdrawals it paid out and its approved charges. */
const AGENT_ADVANCES = `
  SELECT (SELECT coalesce(sum(advance), 0) FROM withdrawal_requests WHERE decided_by = $1 AND advance > 0)
       + (SELECT coalesce(sum(advance), 0) FROM charge_requests WHERE agent_id = $1) AS total`;
