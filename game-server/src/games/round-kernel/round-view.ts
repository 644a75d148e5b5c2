import type { JsonValue } from "@igp/ledger";
import { minorToMajor } from "@igp/shared";
import { basisPointsToPercent } from "../../settings/settings-repository.ts";
import type { Seat } from "./round-game.ts";
import type { RegisteredRound } from "./round-registry.ts";

/** What every game's view of a round shows (shared `roundGameSchema`), amounts in major units. */
export function roundView<S extends Seat, O extends JsonValue>(round: RegisteredRound<S, O>) {
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
  };
}

/** The round's fairness proof: the seed is revealed only once the round is finished. */
export function fairnessView<S extends Seat & { clientSeed: string }, O extends JsonValue>(
  round: RegisteredRound<S, O>,
) {
  return {
    roundId: round.roundId,
    commitment: round.commitment,
    clientSeeds: round.players.map((seat) => seat.clientSeed),
    serverSeed: round.status === "finished" ? round.serverSeed : null,
    outcome: round.outcome,
  };
}
