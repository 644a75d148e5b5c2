import { minorToMajor, type SpinWheelGame, wheelResultFor } from "@igp/shared";
import { basisPointsToPercent } from "../../settings/settings-repository.ts";
import type { RegisteredRound } from "../round-kernel/round-registry.ts";
import { heldNumbers, type SpinWheelSeat } from "./spin-wheel.rules.ts";

export type SpinWheelRound = RegisteredRound<SpinWheelSeat, number>;

/** A round as the API and the realtime messages show it (amounts in major units). */
export function spinWheelGameView(round: SpinWheelRound): SpinWheelGame {
  return {
    code: round.code,
    status: round.status,
    access: round.access,
    instantId: round.instantId,
    createdBy: round.createdBy,
    createdAt: round.createdAt,
    gameWaitingTime: round.waitingMinutes,
    deadline: round.deadline,
    betAmount: minorToMajor(round.betAmount),
    winPercentCut: basisPointsToPercent(round.cutBasisPoints),
    playerWithChoice: round.players.map((seat) => ({
      player: seat.player,
      selectedNumbers: seat.selectedNumbers,
      betAmount: minorToMajor(round.betAmount * seat.selectedNumbers.length),
    })),
    heldNumbers: heldNumbers(round.players),
    game: { gameWaitingTime: round.waitingMinutes, createdAt: round.createdAt },
    gameResult: round.outcome === null ? null : wheelResultFor(round.outcome),
    fairness: {
      roundId: round.roundId,
      commitment: round.commitment,
      clientSeeds: round.players.map((seat) => seat.clientSeed),
      serverSeed: round.status === "finished" ? round.serverSeed : null,
      outcome: round.outcome,
    },
  };
}
