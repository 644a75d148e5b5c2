import { type CoinFlipGame, type CoinSide, coinFlipGameSchema } from "@igp/shared";
import { z } from "zod";
import { api } from "../../lib/api-client.ts";
import { newClientSeed } from "../../lib/rounds/rounds-api.ts";
import { sendOnce } from "../../lib/send-once.ts";

/** The coin flip calls of the player spec (section 7), each answer parsed by its shared schema. */

const created = z.object({ gameCode: z.string(), game: coinFlipGameSchema });

export const fetchGame = async (code: string): Promise<CoinFlipGame> =>
  coinFlipGameSchema.parse(await api(`/api/game/coin-flip/get/${encodeURIComponent(code)}`));

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
