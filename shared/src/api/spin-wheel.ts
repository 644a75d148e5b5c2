import { z } from "zod";
import { WHEEL_NUMBERS } from "../wheel.ts";
import {
  clientSeedSchema,
  playerIdField,
  privateGameFields,
  roundCodeSchema,
  roundFairnessSchema,
  roundGameSchema,
} from "./games.ts";

/** Spin wheel (player spec: Spin Wheel sections; docs/realtime.md: the `spin_wheel` room). */

export const NUMBER_OUT_OF_RANGE = "Numbers go from 1 to 6.";
export const NO_NUMBERS_SELECTED = "Please select at least one lucky number before locking.";
export const PRIVATE_NO_NUMBERS = "Please select at least one number.";
export const NUMBER_TWICE = "Each number can be chosen once.";
export const numberTaken = (n: number) => `Number ${n} is already taken.`;

export const wheelNumberSchema = z
  .number({ error: NUMBER_OUT_OF_RANGE })
  .int(NUMBER_OUT_OF_RANGE)
  .min(1, NUMBER_OUT_OF_RANGE)
  .max(WHEEL_NUMBERS.length, NUMBER_OUT_OF_RANGE);

/** The numbers a player locks: one number or a list, 1 to 6, none twice. */
export function selectedNumbersSchema(emptyMessage: string) {
  return z.preprocess(
    (value) => (typeof value === "number" ? [value] : value),
    z
      .array(wheelNumberSchema, { error: emptyMessage })
      .min(1, emptyMessage)
      .max(WHEEL_NUMBERS.length, NUMBER_OUT_OF_RANGE)
      .refine((numbers) => new Set(numbers).size === numbers.length, NUMBER_TWICE),
  );
}

export const createSpinWheelRequestSchema = z.object({
  instantId: z.coerce
    .number({ error: "Game not found." })
    .int("Game not found.")
    .positive("Game not found.")
    .max(Number.MAX_SAFE_INTEGER, "Game not found."),
  selectedNumbers: selectedNumbersSchema(NO_NUMBERS_SELECTED),
  clientSeed: clientSeedSchema,
});

export const joinSpinWheelRequestSchema = z.object({
  code: roundCodeSchema,
  selectedNumbers: selectedNumbersSchema(NO_NUMBERS_SELECTED),
  clientSeed: clientSeedSchema,
  playerId: playerIdField,
});

export const createPrivateSpinWheelRequestSchema = z.object({
  gameType: z.literal("spin-wheel"),
  ...privateGameFields,
  selectedNumbers: selectedNumbersSchema(PRIVATE_NO_NUMBERS),
});

export const spinPlayerWithChoiceSchema = z.object({
  player: z.string(),
  selectedNumbers: z.array(z.number()),
  /** What this player staked: its numbers x the bet per number. */
  betAmount: z.number(),
});

/** Where the wheel stops (shared/src/wheel.ts): derived from the winning number alone. */
export const spinResultSchema = z.object({
  winnerValue: z.number(),
  /** The winner's segment, 0 to 5 (number - 1). */
  winnerIndex: z.number(),
  /** Degrees the wheel turns clockwise from rest; the winner's segment stops under the pointer. */
  finalRotation: z.number(),
});
export type SpinResult = z.infer<typeof spinResultSchema>;

export const spinWheelGameSchema = roundGameSchema.extend({
  /** The players who locked numbers, in stake order. */
  playerWithChoice: z.array(spinPlayerWithChoiceSchema),
  /** Every number held, ascending: the draw's candidates. */
  heldNumbers: z.array(z.number()),
  /** The spec's nested copy of the timing fields. */
  game: z.object({ gameWaitingTime: z.number(), createdAt: z.string() }),
  /** Once finished; null before. */
  gameResult: spinResultSchema.nullable(),
  /** The outcome is the winning number. */
  fairness: roundFairnessSchema(z.number()),
});
export type SpinWheelGame = z.infer<typeof spinWheelGameSchema>;

export const spinWheelCreatedSchema = z.object({ gameCode: z.string(), game: spinWheelGameSchema });
export type SpinWheelCreated = z.infer<typeof spinWheelCreatedSchema>;
export const spinWheelJoinedSchema = z.object({ game: spinWheelGameSchema });
export type SpinWheelJoined = z.infer<typeof spinWheelJoinedSchema>;

// Realtime: the `spin_wheel` room (docs/realtime.md)

/** Client → room: `pick` and `unpick` a number before locking (live, not money). */
export const pickMessageSchema = z.object({ number: wheelNumberSchema });

/** `spin`: the result, to everyone in the round's room once the winner is paid. */
export const spinMessageSchema = z.object({
  gameInfo: z.object({
    code: z.string(),
    betAmount: z.number(),
    playerWithChoice: z.array(spinPlayerWithChoiceSchema),
  }),
  gameResult: spinResultSchema,
  /** The 10 winning numbers before this one, newest first. */
  previousWinningNumbers: z.array(z.number()),
  game: spinWheelGameSchema,
  winner: z.string(),
  /** The pot minus the house cut, paid to the winner. */
  payout: z.number(),
});
export type SpinMessage = z.infer<typeof spinMessageSchema>;

/** `gameLockedSpin`: a player locked numbers (on the round's room and on the lobby). */
export const gameLockedSpinSchema = z.object({
  code: z.string(),
  heldNumbers: z.array(z.number()),
  players: z.number(),
});
