import type { JsonValue } from "@igp/ledger";
import { GAME_NOT_FOUND } from "@igp/shared";
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import { GAME_OVER, GameError, type Seat } from "../../games/round-kernel/round-game.ts";
import type { AnyRoundGameDefinition } from "../../games/round-kernel/round-game-definition.ts";
import type { RoundGames } from "../../games/round-kernel/round-games.ts";
import type { NewRound, RoundLifecycle } from "../../games/round-kernel/round-lifecycle.ts";
import { type RoundRegistry, TableTakenError } from "../../games/round-kernel/round-registry.ts";
import type { JoinOutcome } from "../../games/round-kernel/round-table.ts";
import { isRedisUnavailable } from "../../realtime/redis-connections.ts";
import type { RoundRooms } from "../../realtime/round-rooms.ts";
import { HttpError, notFound } from "../http-error.ts";

/** What the round games' routes are given. */
export interface RoundRouteDeps {
  pool: pg.Pool;
  games: RoundGames;
  registry: RoundRegistry;
  roundRooms: () => RoundRooms;
}

/**
 * Opens a round (the creator's stake) and starts its room; refusals become HTTP errors. Without
 * Redis no room can be opened: that is refused before the stake is taken, and a room that
 * could not be opened because Redis went away meanwhile cancels the round (its stake refunded).
 */
export async function openRound<S extends Seat, O extends JsonValue>(
  rounds: RoundLifecycle<S, O>,
  rooms: RoundRooms,
  request: NewRound<S>,
) {
  try {
    rooms.checkOpenable();
    const round = await rounds.open(request);
    try {
      await rooms.open(round);
    } catch (error) {
      if (isRedisUnavailable(error)) await rounds.withdraw(round);
      throw error;
    }
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

/** Opens a round of this game, if its rules let the creator's seat open one (else 400). */
export function openGameRound<S extends Seat>(
  deps: RoundRouteDeps,
  game: AnyRoundGameDefinition,
  request: NewRound<S>,
) {
  const why = game.api.whyNotOpen?.(request.seat);
  if (why) throw new HttpError(400, why);
  return openRound(deps.games[game.rules.type], deps.roundRooms(), request);
}

/** The joining player: the token's; a `playerId` sent beside it (the spec's) must be the same. */
export function joiningPlayer(request: FastifyRequest, playerId: string | undefined): string {
  const self = request.user!.id;
  if (playerId !== undefined && playerId !== self)
    throw new HttpError(403, "playerId must be the signed-in player's own id.");
  return self;
}

/** Asks the round's room to seat the player; a refusal becomes an HTTP error. */
export async function joinRound<G>(
  deps: RoundRouteDeps,
  code: string,
  fullMessage: string,
  ...args: unknown[]
): Promise<G> {
  const outcome: JoinOutcome<G> = await deps.roundRooms().join<G>(code, ...args);
  if (outcome.ok) return outcome.game;
  if (outcome.status === 404) throw await whyRoundIsGone(code, deps.registry, fullMessage);
  throw new HttpError(outcome.status, outcome.message);
}

/**
 * No room holds this code: it never existed, or its round is over (`fullMessage` is what a
 * round that had every seat taken says).
 */
async function whyRoundIsGone(code: string, registry: RoundRegistry, fullMessage: string) {
  const round = await registry.byCode(code);
  if (!round) return notFound(GAME_NOT_FOUND);
  return new HttpError(409, round.status === "player-joined" ? fullMessage : GAME_OVER);
}
