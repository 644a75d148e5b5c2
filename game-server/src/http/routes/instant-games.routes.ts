import { amountField, messageSchema, minorToMajor, pageQuerySchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { PagedQuery } from "../../wallet/paged-query.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, pagedResponse, pageOf } from "../schemas.ts";

const gameSchema = z.object({
  id: z.number(),
  type: z.enum(["coin-flip", "spin-wheel"]),
  betAmount: z.number(),
  status: z.string(),
  createdAt: z.string(),
});

const toGame = (row: {
  id: string;
  type: "coin-flip" | "spin-wheel";
  bet_amount: string;
  status: string;
  created_at: Date;
}) => ({
  id: Number(row.id),
  type: row.type,
  betAmount: minorToMajor(Number(row.bet_amount)),
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * Instant game tables (coin flip, spin wheel) kept by the superAdmin: create with a bet of at
 * least 1, list, delete. (Lotteries and the rounds played on tables come with the games.)
 */
export async function instantGamesRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
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
      const { rows, total } = await new PagedQuery()
        .where("status = 'active'")
        .run(pool, "*", "FROM instant_games", "type, bet_amount, id", page);
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
        body: z.object({
          type: z.enum(["coin-flip", "spin-wheel"], { error: "Invalid game type specified." }),
          betAmount: amountField(100, "Please enter a valid bet amount!"),
        }),
        response: { 201: gameSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const { rows } = await pool.query(
        "INSERT INTO instant_games (type, bet_amount, created_by) VALUES ($1, $2, $3) RETURNING *",
        [request.body.type, request.body.betAmount, request.user!.id],
      );
      return reply.code(201).send(toGame(rows[0]));
    },
  );

  api.delete(
    "/api/games/:id",
    {
      schema: {
        tags: ["games"],
        summary: "Delete an instant game table",
        security: [{ bearer: [] }],
        params: z.object({
          id: z.coerce.number().int().positive("Game not found.").max(Number.MAX_SAFE_INTEGER),
        }),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { rowCount } = await pool.query(
        "UPDATE instant_games SET status = 'deleted' WHERE id = $1 AND status = 'active'",
        [request.params.id],
      );
      if (!rowCount) throw notFound("Game not found.");
      return { message: "Game deleted." };
    },
  );
}
