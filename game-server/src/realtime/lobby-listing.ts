import { potAfterCut } from "@igp/ledger";
import { type LobbyRoundView, minorToMajor } from "@igp/shared";
import type { RoundGame, Seat } from "../games/round-kernel/round-game.ts";
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
    winUpTo: winUpTo(game, round.betAmount, round.cutBasisPoints),
    players: new Set(round.players.map((seat) => seat.player)).size,
    deadline: Date.parse(round.deadline),
    createdBy: round.createdBy,
    heldNumbers,
  };
}

/**
 * The most a winner of a round with this bet and house cut takes, in major units: the full pot
 * minus the cut, as the draw pays it (a coin flip always pays exactly this).
 */
export function winUpTo(
  game: Pick<RoundGame<Seat, never>, "fullPot">,
  betAmount: number,
  cutBasisPoints: number,
): number {
  return minorToMajor(potAfterCut(game.fullPot(betAmount), cutBasisPoints));
}
