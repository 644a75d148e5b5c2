import { type CoinFlipGame, type CoinSide, minorToMajor } from "@igp/shared";
import { basisPointsToPercent } from "../../settings/settings-repository.ts";
import type { RegisteredRound } from "../round-kernel/round-registry.ts";
import type { CoinFlipSeat } from "./coin-flip.rules.ts";

export type CoinFlipRound = RegisteredRound<CoinFlipSeat, CoinSide>;

/** A round as the API and the realtime messages show it (amounts in major units). */
export function coinFlipGameView(round: CoinFlipRound): CoinFlipGame {
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
    playerWithChoice: round.players.map(({ player, selectedSide }) => ({ player, selectedSide })),
    fairness: {
      roundId: round.roundId,
      commitment: round.commitment,
      clientSeeds: round.players.map((p) => p.clientSeed),
      serverSeed: round.status === "finished" ? round.serverSeed : null,
      outcome: round.outcome,
    },
  };
}
