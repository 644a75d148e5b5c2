import {
  createSpinWheelRequestSchema,
  joinSpinWheelRequestSchema,
  spinWheelCreatedSchema,
  spinWheelGameSchema,
  spinWheelJoinedSchema,
} from "@igp/shared";
import { GAME_OVER } from "../round-kernel/round-game.ts";
import type { RoundGameApi } from "../round-kernel/round-game-definition.ts";
import { type SpinWheelSeat, whyNotOpen } from "./spin-wheel.rules.ts";
import type { SpinWheelJoin } from "./spin-wheel.table.ts";

/**
 * Spin wheel for players: a round by code (anyone: /fair reads it), opening a round on a table by
 * locking numbers (numbers x bet debited), and locking numbers in a round by code. Picking before
 * locking is live in the round's room (docs/realtime.md). Private rounds: private-games.routes.ts.
 */
export const spinWheelApi: RoundGameApi<
  SpinWheelSeat,
  SpinWheelJoin,
  SpinWheelJoin,
  SpinWheelJoin
> = {
  tag: "spin wheel",
  summaries: {
    get: "A spin wheel round by code, with its result and fairness proof once settled",
    create:
      "Open a round on a public spin-wheel table: the numbers are locked and numbers x bet debited",
    join: "Lock numbers in a round by code: numbers x bet debited; a number someone else holds is refused",
  },
  schemas: {
    game: spinWheelGameSchema,
    create: createSpinWheelRequestSchema,
    created: spinWheelCreatedSchema,
    join: joinSpinWheelRequestSchema,
    joined: spinWheelJoinedSchema,
  },
  seatOf: ({ selectedNumbers, clientSeed }, player) => ({ player, selectedNumbers, clientSeed }),
  /** A spin wheel round opens only if it leaves others a number. */
  whyNotOpen: (seat) => whyNotOpen(seat.selectedNumbers),
  joinRequestOf: ({ selectedNumbers, clientSeed }) => ({ selectedNumbers, clientSeed }),
  fullMessage: GAME_OVER,
};
