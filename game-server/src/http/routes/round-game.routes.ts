import { GAME_NOT_FOUND, roundCodeSchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AnyRoundGameDefinition } from "../../games/round-kernel/round-game-definition.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";
import { joiningPlayer, joinRound, openGameRound, type RoundRouteDeps } from "./round-routes.ts";

/**
 * One round game's routes for players, registered once per game (games/round-game-catalog.ts):
 * a round by code (anyone: /fair reads it), opening a round on a public table with the
 * creator's seat, and joining a round by code. The game's definition says what each takes and
 * answers (games/<game>/<game>.api.ts). Private rounds: private-games.routes.ts.
 */
export async function roundGameRoutes(
  app: FastifyInstance,
  { game, ...deps }: RoundRouteDeps & { game: AnyRoundGameDefinition },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const player = app.requireRole("user");
  const { tag, summaries, schemas } = game.api;
  const type = game.rules.type;
  const rounds = deps.games[type];

  api.get(
    `/api/game/${type}/get/:code`,
    {
      schema: {
        tags: [tag],
        summary: summaries.get,
        params: z.object({ code: roundCodeSchema }),
        response: { 200: schemas.game, ...errors },
      },
    },
    async (request) => {
      const round = await rounds.byCode(request.params.code);
      if (!round) throw notFound(GAME_NOT_FOUND);
      return game.view(round);
    },
  );

  api.post(
    `/api/game/${type}/create`,
    {
      schema: {
        tags: [tag],
        summary: summaries.create,
        security: [{ bearer: [] }],
        body: schemas.create,
        response: { 201: schemas.created, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request, reply) => {
      const seat = game.api.seatOf(request.body, request.user!.id);
      const round = await openGameRound(deps, game, { seat, instantId: request.body.instantId });
      return reply.code(201).send({ gameCode: round.code, game: game.view(round) });
    },
  );

  api.post(
    `/api/game/${type}/join`,
    {
      schema: {
        tags: [tag],
        summary: summaries.join,
        security: [{ bearer: [] }],
        body: schemas.join,
        response: { 200: schemas.joined, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request) => {
      const { code, playerId } = request.body;
      const joined = await joinRound(
        deps,
        code,
        game.api.fullMessage,
        joiningPlayer(request, playerId),
        game.api.joinRequestOf(request.body),
      );
      return { game: joined };
    },
  );
}
