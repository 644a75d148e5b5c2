import { z } from "zod";
import { createPrivateCoinFlipRequestSchema } from "./games.ts";
import { createPrivateSpinWheelRequestSchema } from "./spin-wheel.ts";

/** `POST /api/game/private/create`: a private round of either game, told apart by `gameType`. */
export const createPrivateGameRequestSchema = z.discriminatedUnion(
  "gameType",
  [createPrivateCoinFlipRequestSchema, createPrivateSpinWheelRequestSchema],
  { error: "Invalid game type specified." },
);
export type CreatePrivateGameRequest = z.infer<typeof createPrivateGameRequestSchema>;
