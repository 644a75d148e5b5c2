import {
  coinFlipGameSchema,
  createCoinFlipRequestSchema,
  createPrivateGameRequestSchema,
  GAME_NOT_FOUND,
  instantGameEntrySchema,
  joinCoinFlipRequestSchema,
  minorToMajor,
  roundCodeSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { GAME_FULL, GAME_OVER } from "../../games/coin-flip/coin-flip.rules.ts";
import { type CoinFlipRounds, GameError } from "../../games/coin-flip/coin-flip-rounds.ts";
import {
  coinFlipGameView,
  type RoundRegistry,
  TableTakenError,
} from "../../games/round-registry.ts";
import type { RoundRooms } from "../../realtime/round-rooms.ts";
import { HttpError, notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";

export interface CoinFlipRouteDeps {
  pool: pg.Pool;
  coinFlipRounds: CoinFlipRounds;
  roundRooms: () => RoundRooms;
}

const tableId = z.coerce
  .number({ error: "Game not found." })
  .int("Game not found.")
  .positive("Game not found.")
  .max(Number.MAX_SAFE_INTEGER, "Game not found.");

const createdResponse = z.object({ gameCode: z.string(), game: coinFlipGameSchema });

/**
 * Coin flip for players: the instant tables with their open round, a round by code (anyone:
 * /fair reads it), creating a round on a table or a private one, and joining by code.
 */
export async function coinFlipRoutes(app: FastifyInstance, deps: CoinFlipRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const player = app.requireRole("user");
  const { coinFlipRounds: rounds } = deps;
  const registry = rounds.registry;

  api.get(
    "/api/instant/game/:game",
    {
      schema: {
        tags: ["coin flip"],
        summary: "Instant tables of a game with the round open on each",
        params: z.object({
          game: z.enum(["coin-flip", "spin-wheel"], { error: "Game not found." }),
        }),
        response: { 200: z.array(instantGameEntrySchema), ...errors },
      },
    },
    async (request) => tableEntries(deps.pool, rounds, { game: request.params.game }),
  );

  api.get(
    "/api/instant/game/by/:id",
    {
      schema: {
        tags: ["coin flip"],
        summary: "One instant table with the round open on it",
        params: z.object({ id: tableId }),
        response: { 200: instantGameEntrySchema, ...errors },
      },
    },
    async (request) => {
      const [entry] = await tableEntries(deps.pool, rounds, { id: request.params.id });
      if (!entry) throw notFound("Game not found.");
      return entry;
    },
  );

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
      const round = await registry.byCode(request.params.code);
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
        response: { 201: createdResponse, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request, reply) => {
      const { instantId, selectedSide, clientSeed } = request.body;
      const round = await openRound(deps, {
        creatorId: request.user!.id,
        instantId,
        side: selectedSide,
        clientSeed,
      });
      return reply.code(201).send({ gameCode: round.code, game: coinFlipGameView(round) });
    },
  );

  api.post(
    "/api/game/private/create",
    {
      schema: {
        tags: ["coin flip"],
        summary: "Create a private round with any valid bet; others join it by code",
        security: [{ bearer: [] }],
        body: createPrivateGameRequestSchema,
        response: { 201: createdResponse, ...errors },
      },
      onRequest: player,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.gameType !== "coin-flip") throw new HttpError(400, "Invalid game type specified.");
      const { betAmount, selectedSide, clientSeed } = body;
      const round = await openRound(deps, {
        creatorId: request.user!.id,
        instantId: null,
        betAmount,
        side: selectedSide,
        clientSeed,
      });
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
      const { code, clientSeed } = request.body;
      const outcome = await deps.roundRooms().join(code, request.user!.id, clientSeed);
      if (outcome.ok) return { game: outcome.game };
      if (outcome.status === 404) throw await whyRoundIsGone(code, registry);
      throw new HttpError(outcome.status, outcome.message);
    },
  );
}

/** No room holds this code: it never existed, or its round is over. */
async function whyRoundIsGone(code: string, registry: RoundRegistry) {
  const round = await registry.byCode(code);
  if (!round) return notFound(GAME_NOT_FOUND);
  return new HttpError(409, round.status === "player-joined" ? GAME_FULL : GAME_OVER);
}

async function openRound(deps: CoinFlipRouteDeps, request: Parameters<CoinFlipRounds["open"]>[0]) {
  try {
    const round = await deps.coinFlipRounds.open(request);
    await deps.roundRooms().open(round.roundId);
    return round;
  } catch (error) {
    if (error instanceof GameError) throw new HttpError(error.status, error.message);
    if (error instanceof TableTakenError)
      throw new HttpError(
        409,
        "Someone else just opened a round on this table. Join it from the lobby.",
      );
    throw error;
  }
}

/** Active tables with their open round, by game type or by id. */
async function tableEntries(
  pool: pg.Pool,
  rounds: CoinFlipRounds,
  by: { game: string } | { id: number },
) {
  const { rows } = await pool.query(
    `SELECT t.*, s.game_waiting_time FROM instant_games t
     JOIN settings s ON s.group_name = CASE t.type WHEN 'coin-flip' THEN 'coinFlip' ELSE 'spinWheel' END
     WHERE t.status = 'active' AND ${"game" in by ? "t.type = $1" : "t.id = $1"}
     ORDER BY t.bet_amount, t.id LIMIT 200`,
    ["game" in by ? by.game : by.id],
  );
  const open = await rounds.registry.openOnTables(rows.map((row) => Number(row.id)));
  return rows.map((row) => {
    const round = open.get(Number(row.id));
    return {
      id: Number(row.id),
      type: row.type,
      betAmount: minorToMajor(Number(row.bet_amount)),
      players: round?.players.length ?? 0,
      side: round?.players[0]?.selectedSide ?? null,
      heldNumbers: [],
      code: round?.code ?? null,
      status: round?.status ?? null,
      gameWaitingTime: round?.waitingMinutes ?? row.game_waiting_time,
      createdAt: round?.createdAt ?? null,
      createdBy: round?.createdBy ?? null,
    };
  });
}
