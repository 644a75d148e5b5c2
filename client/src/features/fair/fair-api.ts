import {
  type CoinFlipGame,
  coinFlipGameSchema,
  type SpinWheelGame,
  spinWheelGameSchema,
} from "@igp/shared";
import { api } from "../../lib/api-client.ts";

export type FairRound = CoinFlipGame | SpinWheelGame;

/**
 * A round by code, whichever game it is (codes are unique across games): each game's read is
 * asked, the one that knows the code answers. Rejects when none does.
 */
export async function fetchRound(code: string): Promise<FairRound> {
  const path = encodeURIComponent(code);
  return Promise.any([
    api(`/api/game/coin-flip/get/${path}`).then((body) => coinFlipGameSchema.parse(body)),
    api(`/api/game/spin-wheel/get/${path}`).then((body) => spinWheelGameSchema.parse(body)),
  ]);
}
