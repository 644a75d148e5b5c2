import { gameHistoryPageSchema, gameHistoryQuerySchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { gameHistoryOf } from "../../games/game-history.ts";
import type { LotteryRounds } from "../../games/lottery/lottery-rounds.ts";
import { errorResponses as errors, pageOf } from "../schemas.ts";

/** The profile's Game History: the signed-in player's own rounds of every game. */
export async function gameHistoryRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; lotteries: LotteryRounds },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/game/history",
    {
      schema: {
        tags: ["games"],
        summary: "The signed-in player's rounds of every game, newest first, 20 a page",
        description:
          "One entry per round played (a lottery: all the player's tickets of it), with the stake, the outcome (open, won, lost, refunded), the payout and the code to verify it on /fair. `game` keeps one game's rounds. Stakes returned at once (a seat already taken, a lottery closed) are not listed. A lottery whose drawing its room is still revealing is `open` (no payout, no places) until the last winner is shown.",
        security: [{ bearer: [] }],
        querystring: gameHistoryQuerySchema,
        response: { 200: gameHistoryPageSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { page, game } = request.query;
      const { entries, total } = await gameHistoryOf(
        deps.pool,
        request.user!.id,
        page,
        game,
        deps.lotteries.revealEveryMs,
      );
      return pageOf("history", entries, page, total);
    },
  );
}
