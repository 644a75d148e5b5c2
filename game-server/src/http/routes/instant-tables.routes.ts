import { instantGameEntrySchema, lobbyRoundSchema, minorToMajor } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { lobbyRowOf, winUpTo } from "../../realtime/lobby-listing.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";
import type { RoundRouteDeps } from "./round-routes.ts";

const tableId = z.coerce
  .number({ error: "Game not found." })
  .int("Game not found.")
  .positive("Game not found.")
  .max(Number.MAX_SAFE_INTEGER, "Game not found.");

/** The instant tables of every round game, each with the round open on it (anyone may read). */
export async function instantTablesRoutes(app: FastifyInstance, deps: RoundRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/instant/game/:game",
    {
      schema: {
        tags: ["instant games"],
        summary: "Instant tables of a game (coin-flip or spin-wheel) with the round open on each",
        params: z.object({
          game: z.enum(["coin-flip", "spin-wheel"], { error: "Game not found." }),
        }),
        response: { 200: z.array(instantGameEntrySchema), ...errors },
      },
    },
    async (request) => tableEntries(deps, { game: request.params.game }),
  );

  api.get(
    "/api/instant/game/:game/lobby",
    {
      // Public like the tables above (which show the same rounds), so that a lobby's page can
      // preload it without a token, in parallel with its scripts.
      schema: {
        tags: ["instant games"],
        summary:
          "The public rounds of a game open to join, soonest deadline first: the lobby room's list, read once (a first screen paints from it before the realtime connection is up); anyone may read",
        params: z.object({
          game: z.enum(["coin-flip", "spin-wheel"], { error: "Game not found." }),
        }),
        response: { 200: z.array(lobbyRoundSchema), ...errors },
      },
    },
    async (request) =>
      (await deps.registry.openPublic())
        .filter((round) => round.game === request.params.game)
        .flatMap((round) => lobbyRowOf(round, deps.games) ?? [])
        .sort((a, b) => a.deadline - b.deadline),
  );

  api.get(
    "/api/instant/game/by/:id",
    {
      schema: {
        tags: ["instant games"],
        summary: "One instant table with the round open on it",
        params: z.object({ id: tableId }),
        response: { 200: instantGameEntrySchema, ...errors },
      },
    },
    async (request) => {
      const [entry] = await tableEntries(deps, { id: request.params.id });
      if (!entry) throw notFound("Game not found.");
      return entry;
    },
  );
}

/** Active tables with their open round, by game type or by id. */
async function tableEntries(deps: RoundRouteDeps, by: { game: string } | { id: number }) {
  const { rows } = await deps.pool.query(
    `SELECT t.*, s.game_waiting_time, s.win_percent_cut_bps FROM instant_games t
     JOIN settings s ON s.group_name = CASE t.type WHEN 'coin-flip' THEN 'coinFlip' ELSE 'spinWheel' END
     WHERE t.status = 'active' AND ${"game" in by ? "t.type = $1" : "t.id = $1"}
     ORDER BY t.bet_amount, t.id LIMIT 200`,
    ["game" in by ? by.game : by.id],
  );
  const open = await deps.registry.openOnTables(rows.map((row) => Number(row.id)));
  return rows.map((row) => {
    const type = row.type as keyof RoundRouteDeps["games"];
    const round = open.get(Number(row.id));
    const game = deps.games[type].game;
    const listing = game.listing(round?.players ?? []);
    const betAmount = Number(row.bet_amount);
    return {
      id: Number(row.id),
      type,
      betAmount: minorToMajor(betAmount),
      winUpTo: winUpTo(game, betAmount, round?.cutBasisPoints ?? row.win_percent_cut_bps),
      players: new Set(round?.players.map((seat: { player: string }) => seat.player)).size,
      side: listing.side,
      heldNumbers: listing.heldNumbers,
      code: round?.code ?? null,
      status: round?.status ?? null,
      gameWaitingTime: round?.waitingMinutes ?? row.game_waiting_time,
      createdAt: round?.createdAt ?? null,
      createdBy: round?.createdBy ?? null,
      playerWithChoice: listing.playerWithChoice,
      game: {
        gameWaitingTime: round?.waitingMinutes ?? row.game_waiting_time,
        createdAt: round?.createdAt ?? null,
      },
    };
  });
}
