import { type CoinFlipGame, roundByCodeSchema, type SpinWheelGame } from "@igp/shared";
import { api } from "../../lib/api-client.ts";

export type FairRound = CoinFlipGame | SpinWheelGame;

/** A round by code, whichever game it is (codes are unique across games); rejects when unknown. */
export async function fetchRound(code: string): Promise<FairRound> {
  const answer = await api(`/api/game/round/${encodeURIComponent(code)}`);
  return roundByCodeSchema.parse(answer).round;
}
