import type { CoinFlipCreated, CoinFlipJoined, CoinSide } from "@igp/shared";
import { newClientSeed } from "../../lib/rounds/rounds-api.ts";
import { sendOnce } from "../../lib/send-once.ts";

/**
 * The coin flip calls of the player spec (section 7). Answers are taken as their shared types:
 * the server checks each against the same schema before sending it (round-game.routes.ts,
 * private-games.routes.ts), so zod stays off a round's first download (docs/first-load.md).
 */

/** Where a round is read by its code (at once by its page, or rendered with it by the server). */
export const gamePath = (code: string) => `/api/game/coin-flip/get/${encodeURIComponent(code)}`;

export const createOnTable = (instantId: number, selectedSide: CoinSide) =>
  sendOnce<CoinFlipCreated>("/api/game/coin-flip/create", {
    instantId,
    selectedSide,
    clientSeed: newClientSeed(),
  });

export const createPrivate = (betAmount: number, selectedSide: CoinSide) =>
  sendOnce<CoinFlipCreated>("/api/game/private/create", {
    gameType: "coin-flip",
    access: "private",
    betAmount,
    selectedSide,
    clientSeed: newClientSeed(),
  });

export const joinGame = (code: string) =>
  sendOnce<CoinFlipJoined>("/api/game/coin-flip/join", {
    code,
    clientSeed: newClientSeed(),
  });
