import type { CoinFlipGame, CoinSide } from "@igp/shared";
import type { RegisteredRound } from "../round-kernel/round-registry.ts";
import { fairnessView, roundView } from "../round-kernel/round-view.ts";
import type { CoinFlipSeat } from "./coin-flip.rules.ts";

export type CoinFlipRound = RegisteredRound<CoinFlipSeat, CoinSide>;

/** A round as the API and the realtime messages show it (amounts in major units). */
export function coinFlipGameView(round: CoinFlipRound): CoinFlipGame {
  return {
    ...roundView(round),
    playerWithChoice: round.players.map(({ player, selectedSide }) => ({ player, selectedSide })),
    fairness: fairnessView(round),
  };
}
