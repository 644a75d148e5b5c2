import {
  coinFlipCreatedSchema,
  createPrivateGameRequestSchema,
  spinWheelCreatedSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { coinFlipGameView } from "../../games/coin-flip/coin-flip.view.ts";
import { spinWheelGameView } from "../../games/spin-wheel/spin-wheel.view.ts";
import { errorResponses as errors } from "../schemas.ts";
import { openRound, type RoundRouteDeps } from "./round-routes.ts";
import { openSpinWheel } from "./spin-wheel.routes.ts";

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
      const body = request.body;
      const player = request.user!.id;
      const { betAmount, clientSeed } = body;
      if (body.gameType === "coin-flip") {
        const seat = { player, selectedSide: body.selectedSide, clientSeed };
        const round = await openRound(deps.games["coin-flip"], deps.roundRooms(), {
          seat,
          instantId: null,
          betAmount,
        });
        return reply.code(201).send({ gameCode: round.code, game: coinFlipGameView(round) });
      }
      const seat = { player, selectedNumbers: body.selectedNumbers, clientSeed };
      const round = await openSpinWheel(deps, deps.games["spin-wheel"], {
        seat,
        instantId: null,
        betAmount,
      });
      return reply.code(201).send({ gameCode: round.code, game: spinWheelGameView(round) });
    },
  );
}
