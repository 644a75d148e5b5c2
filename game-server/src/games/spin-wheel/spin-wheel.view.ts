import { minorToMajor, type SpinWheelGame, wheelResultFor } from "@igp/shared";
import type { RegisteredRound } from "../round-kernel/round-registry.ts";
import { fairnessView, roundView } from "../round-kernel/round-view.ts";
import { heldNumbers, type SpinWheelSeat } from "./spin-wheel.rules.ts";

export type SpinWheelRound = RegisteredRound<SpinWheelSeat, number>;

/** A round as the API and the realtime messages show it (amounts in major units). */
export function spinWheelGameView(round: SpinWheelRound): SpinWheelGame {
  return {
    ...roundView(round),
    playerWithChoice: round.players.map((seat) => ({
      player: seat.player,
      selectedNumbers: seat.selectedNumbers,
      betAmount: minorToMajor(round.betAmount * seat.selectedNumbers.length),
    })),
    heldNumbers: heldNumbers(round.players),
    game: { gameWaitingTime: round.waitingMinutes, createdAt: round.createdAt },
    gameResult: round.outcome === null ? null : wheelResultFor(round.outcome),
    fairness: fairnessView(round),
  };
}
