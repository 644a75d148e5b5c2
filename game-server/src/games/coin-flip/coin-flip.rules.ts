import { potAfterCut } from "@igp/ledger";
import { type CoinSide, flipCoin, oppositeSide } from "@igp/shared";
import { GAME_EXPIRED } from "../round-kernel/round-game.ts";

/** The rules of a coin flip, once, as pure functions: the room and recovery both call them. */

/** A coin flip seat: a player, the side it plays, its client seed. */
export interface CoinFlipSeat {
  player: string;
  selectedSide: CoinSide;
  clientSeed: string;
}

export const PLAYERS_PER_ROUND = 2;

/** The refusal a full round gives (the room and the join route). */
export const GAME_FULL = "This game already has two players.";

/** Why a user may not join a round, or null when it may. */
export function whyNotJoin(
  round: { createdBy: string; status: string; players: CoinFlipSeat[]; deadline: string },
  userId: string,
  now: number,
): string | null {
  if (round.createdBy === userId) return "You cannot join your own game.";
  if (round.players.some((p) => p.player === userId)) return "You already joined this game.";
  if (round.status !== "waiting" || round.players.length >= PLAYERS_PER_ROUND) return GAME_FULL;
  if (now >= Date.parse(round.deadline)) return GAME_EXPIRED;
  return null;
}

/** The joiner always plays the side the creator did not pick. */
export function joinerSide(players: CoinFlipSeat[]): CoinSide {
  return oppositeSide(players[0]!.selectedSide);
}

export interface FlipResult {
  outcome: CoinSide;
  winner: string;
  /** The pot minus the house cut, in minor units. */
  payout: number;
}

/** A settled flip, with the server seed it revealed. */
export type SettledFlip = FlipResult & { serverSeed: string };

/** Draws the outcome from the seeds (docs/fairness.md) and names the winner and the payout. */
export async function flip(round: {
  roundId: string;
  serverSeed: string;
  players: CoinFlipSeat[];
  betAmount: number;
  cutBasisPoints: number;
}): Promise<FlipResult> {
  const outcome = await flipCoin({
    serverSeed: round.serverSeed,
    clientSeeds: round.players.map((p) => p.clientSeed),
    roundId: round.roundId,
  });
  const winner = round.players.find((p) => p.selectedSide === outcome)!.player;
  const pot = round.betAmount * round.players.length;
  return { outcome, winner, payout: potAfterCut(pot, round.cutBasisPoints) };
}
