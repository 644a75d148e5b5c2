import { z } from "zod";
import { coinFlipGameSchema } from "./games.ts";
import { spinWheelGameSchema } from "./spin-wheel.ts";

/**
 * `GET /api/game/round/{code}`: a round of any round game by its code (codes are unique across
 * games), told apart by `game`; what /fair reads when it is given a code alone.
 */
export const roundByCodeSchema = z.discriminatedUnion("game", [
  z.object({ game: z.literal("coin-flip"), round: coinFlipGameSchema }),
  z.object({ game: z.literal("spin-wheel"), round: spinWheelGameSchema }),
]);
export type RoundByCode = z.infer<typeof roundByCodeSchema>;
