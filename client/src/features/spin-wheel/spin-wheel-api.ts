import {
  type SpinWheelGame,
  spinWheelCreatedSchema,
  spinWheelGameSchema,
  spinWheelJoinedSchema,
} from "@igp/shared";
import { newClientSeed } from "../../lib/rounds/rounds-api.ts";
import type { RoundRead } from "../../lib/rounds/use-loaded-round.ts";
import { sendOnce } from "../../lib/send-once.ts";

/** The spin wheel calls (player spec, section 7; OpenAPI), each answer parsed by its shared schema. */

/** A round by its code (read at once by its page, or rendered with it by the server). */
export const gameRead: RoundRead<SpinWheelGame> = {
  path: (code) => `/api/game/spin-wheel/get/${encodeURIComponent(code)}`,
  parse: (answer) => spinWheelGameSchema.parse(answer),
};

/** Opens a round on a free table with the creator's numbers locked (their stake debited). */
export const createOnTable = async (instantId: number, selectedNumbers: number[]) =>
  spinWheelCreatedSchema.parse(
    await sendOnce("/api/game/spin-wheel/create", {
      instantId,
      selectedNumbers,
      clientSeed: newClientSeed(),
    }),
  );

export const createPrivate = async (betAmount: number, selectedNumbers: number[]) =>
  spinWheelCreatedSchema.parse(
    await sendOnce("/api/game/private/create", {
      gameType: "spin-wheel",
      access: "private",
      betAmount,
      selectedNumbers,
      clientSeed: newClientSeed(),
    }),
  );

/** Locks a joiner's numbers: the stake (numbers x bet) is debited, the numbers frozen. */
export const joinGame = async (code: string, selectedNumbers: number[]) =>
  spinWheelJoinedSchema.parse(
    await sendOnce("/api/game/spin-wheel/join", {
      code,
      selectedNumbers,
      clientSeed: newClientSeed(),
    }),
  );
