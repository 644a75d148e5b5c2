import { createTableSchema, messageSchema, minorToMajor, pageQuerySchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { LotteryRounds } from "../../games/lottery/lottery-rounds.ts";
import type { LotteryRooms } from "../../realtime/lottery-rooms.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import { PagedQuery } from "../../wallet/paged-query.ts";
import { HttpError, notFound } from "../http-error.ts";
import { errorResponses as errors, pagedResponse, pageOf } from "../schemas.ts";
import { answered } from "./lottery.routes.ts";

const gameSchema = z.object({
  id: z.number(),
  type: z.enum(["coin-flip", "spin-wheel", "lottery"]),
  /** A table's bet, or a lottery's ticket price. */
  betAmount: z.number(),
  /** Tables: active. Lotteries: open, drawing or drawn. */
  status: z.string(),
  createdAt: z.string(),
  /** Lotteries only (null for tables): the code, title, end date and first-place amount. */
  code: z.string().nullable(),
  title: z.string().nullable(),
  outDate: z.string().nullable(),
  winAmount: z.number().nullable(),
  /** The spec's shape: a list whose first item holds title and outDate ([] for tables). */
  lotterySpecific: z.array(z.object({ title: z.string(), outDate: z.string() })),
});

const toGame = (row: {
  id: string;
  type: "coin-flip" | "spin-wheel" | "lottery";
  bet_amount: string;
  status: string;
  created_at: Date;
  code: string | null;
  title: string | null;
  out_date: Date | null;
  win_amount: string | null;
}) => {
  const outDate = row.out_date ? new Date(row.out_date).toISOString() : null;
  return {
    id: Number(row.id),
    type: row.type,
    betAmount: minorToMajor(Number(row.bet_amount)),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    code: row.code,
    title: row.title,
    outDate,
    winAmount: row.win_amount === null ? null : minorToMajor(Number(row.win_amount)),
    lotterySpecific: row.title && outDate ? [{ title: row.title, outDate }] : [],
  };
};

/** Tables and lotteries in one list (lotteries being drawn or deleted stay out of it). */
const GAMES = `FROM (
  SELECT id, type, bet_amount, status, created_at, NULL AS code, NULL AS title,
    NULL::timestamptz AS out_date, NULL::bigint AS win_amount FROM instant_games WHERE status = 'active'
  UNION ALL
  SELECT id, 'lottery', ticket_price, status, created_at, code, title, out_date, win_amount
    FROM lotteries WHERE status IN ('open', 'drawing', 'drawn')
) games`;

/**
 * Instant game tables (coin flip, spin wheel) kept by the superAdmin: create with a bet of at
 * least 1, list, delete. (Lotteries and the rounds played on tables come with the games.)
 */
export async function instantGamesRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; lotteries: LotteryRounds; lotteryRooms: () => LotteryRooms },
) {
  const { pool } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");

  api.get(
    "/api/games/all",
    {
      schema: {
        tags: ["games"],
        summary: "Instant game tables, paged",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: pagedResponse("games", gameSchema), ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { page } = request.query;
      const { rows, total } = await new PagedQuery().run(
        pool,
        "*",
        GAMES,
        // In the order they were made, the ID column counting up: tables first, then lotteries.
        "type = 'lottery', id",
        page,
      );
      return pageOf("games", rows.map(toGame), page, total);
    },
  );

  api.post(
    "/api/games/create",
    {
      schema: {
        tags: ["games"],
        summary: "Create an instant game table (coin-flip or spin-wheel) with its bet",
        security: [{ bearer: [] }],
        body: createTableSchema,
        response: { 201: gameSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const { rows } = await withStaffAction(
        pool,
        request,
        (db) =>
          db.query(
            `INSERT INTO instant_games (type, bet_amount, created_by) VALUES ($1, $2, $3)
             RETURNING *, NULL AS code, NULL AS title, NULL AS out_date, NULL AS win_amount`,
            [request.body.type, request.body.betAmount, request.user!.id],
          ),
        ({ rows }) => ({
          action: "game.create",
          targetKind: "game",
          targetId: String(rows[0].id),
          amount: Number(rows[0].bet_amount),
          detail: rows[0].type,
        }),
      );
      return reply.code(201).send(toGame(rows[0]));
    },
  );

  api.delete(
    "/api/games/:id",
    {
      schema: {
        tags: ["games"],
        summary: "Delete an instant game table, or a lottery not drawn yet",
        description:
          "Deleting a lottery that sold tickets refunds every ticket exactly once (to the balances they were paid from), then removes it; its room's watchers get `cancelled`. A lottery whose sales closed (drawing or drawn) cannot be deleted.",
        security: [{ bearer: [] }],
        params: z.object({
          id: z.coerce.number().int().positive("Game not found.").max(Number.MAX_SAFE_INTEGER),
        }),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const lottery = await deps.lotteries.registry.byId(request.params.id);
      if (lottery) {
        if (lottery.status === "drawn" || lottery.status === "drawing")
          throw new HttpError(409, "A drawn lottery cannot be deleted.");
        await answered(deps.lotteryRooms().remove(lottery.code));
        // Refunded and removed by its room, as the system: the superAdmin's request is recorded
        // once the room has answered.
        await withStaffAction(
          pool,
          request,
          async () => null,
          () => ({
            action: "lottery.delete",
            targetKind: "lottery",
            targetId: lottery.roundId,
            detail: lottery.code,
          }),
        );
        return { message: "Lottery deleted; every ticket was refunded." };
      }
      const id = request.params.id;
      const { rowCount } = await withStaffAction(
        pool,
        request,
        (db) =>
          db.query(
            "UPDATE instant_games SET status = 'deleted' WHERE id = $1 AND status = 'active'",
            [id],
          ),
        (done) =>
          done.rowCount
            ? { action: "game.delete", targetKind: "game", targetId: String(id) }
            : null,
      );
      if (!rowCount) throw notFound("Game not found.");
      return { message: "Game deleted." };
    },
  );
}
