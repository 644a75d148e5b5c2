import {
  type CoinFlipGame,
  type CoinSide,
  coinFlipCreatedSchema,
  coinFlipGameSchema,
  createCoinFlipRequestSchema,
  GAME_NOT_FOUND,
  joinCoinFlipRequestSchema,
  roundCodeSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoinFlipSeat } from "../../games/coin-flip/coin-flip.rules.ts";
import { GAME_FULL } from "../../games/coin-flip/coin-flip.rules.ts";
import { coinFlipGameView } from "../../games/coin-flip/coin-flip.view.ts";
import type { RoundLifecycle } from "../../games/round-kernel/round-lifecycle.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";
import { joiningPlayer, joinRound, openRound, type RoundRouteDeps } from "./round-routes.ts";

/**
 * Coin flip for players: a round by code (anyone: /fair reads it), opening a round on a table
 * by locking a side, and joining by code (the other side). Private rounds: private-games.routes.ts.
 */
export async function coinFlipRoutes(app: FastifyInstance, deps: RoundRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const player = app.requireRole("user");
  const rounds: RoundLifecycle<CoinFlipSeat, CoinSide> = deps.games["coin-flip"];

  api.get(
    "/api/game/coin-flip/get/:code",
    {
      schema: {
        tags: ["coin flip"],
        summary: "A coin flip round by code, with its fairness proof once settled",
        params: z.object({ code: roundCodeSchema }),
        response: { 200: coinFlipGameSchema, ...errors },
      },
    },
    async (request) => {
      const round = await rounds.byCode(request.params.code);
      if (!round) throw notFound(GAME_NOT_FOUND);
      return coinFlipGameView(round);
    },
  );

  api.post(
    "/api/game/coin-flip/create",
    {
      schema: {
        tags: ["coin flip"],
        summary: "Open a round on a public table: the side is locked and the bet debited",
        security: [{ bearer: [] }],
        body: createCoinFlipRequestSchema,
        response: { 201: coinFlipCreatedSchema, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request, reply) => {
      const { instantId, selectedSide, clientSeed } = request.body;
      const seat = { player: request.user!.id, selectedSide, clientSeed };
      const round = await openRound(rounds, deps.roundRooms(), { seat, instantId });
      return reply.code(201).send({ gameCode: round.code, game: coinFlipGameView(round) });
    },
  );

  api.post(
    "/api/game/coin-flip/join",
    {
      schema: {
        tags: ["coin flip"],
        summary: "Join a waiting round by code: the other side, the bet debited",
        security: [{ bearer: [] }],
        body: joinCoinFlipRequestSchema,
        response: { 200: z.object({ game: coinFlipGameSchema }), ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request) => {
      const { code, clientSeed, playerId } = request.body;
      const game = await joinRound<CoinFlipGame>(
        deps,
        code,
        GAME_FULL,
        joiningPlayer(request, playerId),
        clientSeed,
      );
      return { game };
    },
  );
}
