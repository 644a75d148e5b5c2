import {
  coinFlipCreatedSchema,
  createPrivateGameRequestSchema,
  spinWheelCreatedSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { roundGameOf } from "../../games/round-game-catalog.ts";
import { errorResponses as errors } from "../schemas.ts";
import { openGameRound, type RoundRouteDeps } from "./round-routes.ts";

/** Private rounds of either game: any valid bet, not listed, joined by code. */
export async function privateGamesRoutes(app: FastifyInstance, deps: RoundRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/game/private/create",
    {
      schema: {
        tags: ["coin flip", "spin wheel"],
        summary:
          "Create a private round (gameType coin-flip with selectedSide, or spin-wheel with selectedNumbers) with any valid bet; others join it by code",
        security: [{ bearer: [] }],
        body: createPrivateGameRequestSchema,
        response: { 201: z.union([coinFlipCreatedSchema, spinWheelCreatedSchema]), ...errors },
      },
      onRequest: app.requireRole("user"),
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request, reply) => {
      const { gameType, betAmount, ...choice } = request.body;
      const game = roundGameOf(gameType);
      const seat = game.api.seatOf(choice, request.user!.id);
      const round = await openGameRound(deps, game, { seat, instantId: null, betAmount });
      return reply.code(201).send({ gameCode: round.code, game: game.view(round) });
    },
  );
}
