import {
  createSpinWheelRequestSchema,
  GAME_NOT_FOUND,
  joinSpinWheelRequestSchema,
  roundCodeSchema,
  type SpinWheelGame,
  spinWheelCreatedSchema,
  spinWheelGameSchema,
  spinWheelJoinedSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { GAME_OVER } from "../../games/round-kernel/round-game.ts";
import type { RoundLifecycle } from "../../games/round-kernel/round-lifecycle.ts";
import { type SpinWheelSeat, whyNotOpen } from "../../games/spin-wheel/spin-wheel.rules.ts";
import { spinWheelGameView } from "../../games/spin-wheel/spin-wheel.view.ts";
import { HttpError, notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";
import { joiningPlayer, joinRound, openRound, type RoundRouteDeps } from "./round-routes.ts";

/**
 * Spin wheel for players: a round by code (anyone: /fair reads it), opening a round on a table by
 * locking numbers (numbers x bet debited), and locking numbers in a round by code. Picking before
 * locking is live in the round's room (docs/realtime.md). Private rounds: private-games.routes.ts.
 */
export async function spinWheelRoutes(app: FastifyInstance, deps: RoundRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const player = app.requireRole("user");
  const rounds: RoundLifecycle<SpinWheelSeat, number> = deps.games["spin-wheel"];

  api.get(
    "/api/game/spin-wheel/get/:code",
    {
      schema: {
        tags: ["spin wheel"],
        summary: "A spin wheel round by code, with its result and fairness proof once settled",
        params: z.object({ code: roundCodeSchema }),
        response: { 200: spinWheelGameSchema, ...errors },
      },
    },
    async (request) => {
      const round = await rounds.byCode(request.params.code);
      if (!round) throw notFound(GAME_NOT_FOUND);
      return spinWheelGameView(round);
    },
  );

  api.post(
    "/api/game/spin-wheel/create",
    {
      schema: {
        tags: ["spin wheel"],
        summary:
          "Open a round on a public spin-wheel table: the numbers are locked and numbers x bet debited",
        security: [{ bearer: [] }],
        body: createSpinWheelRequestSchema,
        response: { 201: spinWheelCreatedSchema, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request, reply) => {
      const { instantId, selectedNumbers, clientSeed } = request.body;
      const round = await openSpinWheel(deps, rounds, {
        seat: { player: request.user!.id, selectedNumbers, clientSeed },
        instantId,
      });
      return reply.code(201).send({ gameCode: round.code, game: spinWheelGameView(round) });
    },
  );

  api.post(
    "/api/game/spin-wheel/join",
    {
      schema: {
        tags: ["spin wheel"],
        summary:
          "Lock numbers in a round by code: numbers x bet debited; a number someone else holds is refused",
        security: [{ bearer: [] }],
        body: joinSpinWheelRequestSchema,
        response: { 200: spinWheelJoinedSchema, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request) => {
      const { code, selectedNumbers, clientSeed, playerId } = request.body;
      const game = await joinRound<SpinWheelGame>(
        deps,
        code,
        GAME_OVER,
        joiningPlayer(request, playerId),
        selectedNumbers,
        clientSeed,
      );
      return { game };
    },
  );
}

/** A spin wheel round opens only if it leaves others a number. */
export function openSpinWheel(
  deps: RoundRouteDeps,
  rounds: RoundLifecycle<SpinWheelSeat, number>,
  request: Parameters<typeof openRound<SpinWheelSeat, number>>[2],
) {
  const why = whyNotOpen(request.seat.selectedNumbers);
  if (why) throw new HttpError(400, why);
  return openRound(rounds, deps.roundRooms(), request);
}
