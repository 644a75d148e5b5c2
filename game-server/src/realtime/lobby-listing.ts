import { type LobbyRoundView, minorToMajor } from "@igp/shared";
import type { RoundGames } from "../games/round-kernel/round-games.ts";
import type { RegisteredRound } from "../games/round-kernel/round-registry.ts";

/**
 * A round as the lobby lists it (the lobby room's state and `GET /api/instant/game/:game/lobby`),
 * or null when players can no longer join it: private, over, or every seat taken.
 */
export function lobbyRowOf(round: RegisteredRound, games: RoundGames): LobbyRoundView | null {
  const game = games[round.game].game;
  const listed =
    round.access === "public" &&
    (round.status === "waiting" || round.status === "player-joined") &&
    game.joinable(round.players);
  if (!listed) return null;
  const { side, heldNumbers } = game.listing(round.players);
  return {
    code: round.code,
    type: round.game,
    side: side ?? "",
    betAmount: minorToMajor(round.betAmount),
    players: new Set(round.players.map((seat) => seat.player)).size,
    deadline: Date.parse(round.deadline),
    createdBy: round.createdBy,
    heldNumbers,
  };
}
