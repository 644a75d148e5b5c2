import { type CoinFlipGame, type CoinSide, coinFlipGameSchema } from "@igp/shared";
import { z } from "zod";
import { newClientSeed } from "../../lib/rounds/rounds-api.ts";
import type { RoundRead } from "../../lib/rounds/use-loaded-round.ts";
import { sendOnce } from "../../lib/send-once.ts";

/** The coin flip calls of the player spec (section 7), each answer parsed by its shared schema. */

const created = z.object({ gameCode: z.string(), game: coinFlipGameSchema });

/** A round by its code (read at once by its page, or rendered with it by the server). */
export const gameRead: RoundRead<CoinFlipGame> = {
  path: (code) => `/api/game/coin-flip/get/${encodeURIComponent(code)}`,
  parse: (answer) => coinFlipGameSchema.parse(answer),
};

export const createOnTable = async (instantId: number, selectedSide: CoinSide) =>
  created.parse(
    await sendOnce("/api/game/coin-flip/create", {
      instantId,
      selectedSide,
      clientSeed: newClientSeed(),
    }),
  );

export const createPrivate = async (betAmount: number, selectedSide: CoinSide) =>
  created.parse(
    await sendOnce("/api/game/private/create", {
      gameType: "coin-flip",
      access: "private",
      betAmount,
      selectedSide,
      clientSeed: newClientSeed(),
    }),
  );

export const joinGame = async (code: string) =>
  z
    .object({ game: coinFlipGameSchema })
    .parse(await sendOnce("/api/game/coin-flip/join", { code, clientSeed: newClientSeed() }));
