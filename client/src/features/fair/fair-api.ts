import type { CoinFlipGame, RoundByCode, SpinWheelGame } from "@igp/shared";
import { api } from "../../lib/api-client.ts";

export type FairRound = CoinFlipGame | SpinWheelGame;

/**
 * A round by code, whichever game it is (codes are unique across games); rejects when unknown.
 * The answer is taken as its shared type: the server checks it against the same schema before
 * sending it (round-by-code.routes.ts), so zod stays off the page's first download; what makes
 * the round fair or not is checked here, from its seeds (fair-page.tsx).
 */
export async function fetchRound(code: string): Promise<FairRound> {
  const answer = await api<RoundByCode>(`/api/game/round/${encodeURIComponent(code)}`);
  return answer.round;
}
