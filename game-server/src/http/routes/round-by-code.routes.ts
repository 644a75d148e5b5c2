import { GAME_NOT_FOUND, type RoundByCode, roundByCodeSchema, roundCodeSchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { roundGameOf } from "../../games/round-game-catalog.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";
import type { RoundRouteDeps } from "./round-routes.ts";

/** A round of any round game by its code, for /fair given a code alone (anyone may read it). */
export async function roundByCodeRoutes(app: FastifyInstance, deps: RoundRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/game/round/:code",
    {
      schema: {
        tags: ["coin flip", "spin wheel"],
        summary: "A round of either game by code, with its fairness proof once settled",
        params: z.object({ code: roundCodeSchema }),
        response: { 200: roundByCodeSchema, ...errors },
      },
    },
    async (request): Promise<RoundByCode> => {
      const round = await deps.registry.byCode(request.params.code);
      if (!round) throw notFound(GAME_NOT_FOUND);
      return { game: round.game, round: roundGameOf(round.game).view(round) } as RoundByCode;
    },
  );
}
