import type { SpinWheelCreated, SpinWheelJoined } from "@igp/shared";
import { newClientSeed } from "../../lib/rounds/rounds-api.ts";
import { sendOnce } from "../../lib/send-once.ts";

/**
 * The spin wheel calls (player spec, section 7; OpenAPI). Answers are taken as their shared
 * types: the server checks each against the same schema before sending it (round-game.routes.ts,
 * private-games.routes.ts), so zod stays off a round's first download (docs/first-load.md).
 */

/** Where a round is read by its code (at once by its page, or rendered with it by the server). */
export const gamePath = (code: string) => `/api/game/spin-wheel/get/${encodeURIComponent(code)}`;

/** Opens a round on a free table with the creator's numbers locked (their stake debited). */
export const createOnTable = (instantId: number, selectedNumbers: number[]) =>
  sendOnce<SpinWheelCreated>("/api/game/spin-wheel/create", {
    instantId,
    selectedNumbers,
    clientSeed: newClientSeed(),
  });

export const createPrivate = (betAmount: number, selectedNumbers: number[]) =>
  sendOnce<SpinWheelCreated>("/api/game/private/create", {
    gameType: "spin-wheel",
    access: "private",
    betAmount,
    selectedNumbers,
    clientSeed: newClientSeed(),
  });

/** Locks a joiner's numbers: the stake (numbers x bet) is debited, the numbers frozen. */
export const joinGame = (code: string, selectedNumbers: number[]) =>
  sendOnce<SpinWheelJoined>("/api/game/spin-wheel/join", {
    code,
    selectedNumbers,
    clientSeed: newClientSeed(),
  });
