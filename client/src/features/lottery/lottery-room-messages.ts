import { z } from "zod";

/**
 * The `lottery` room's state and messages (docs/realtime.md), as the page reads them. Amounts
 * are major units (an award's is 0: its label names it), times epoch milliseconds.
 */

export const roomWinnerSchema = z.object({
  place: z.number(),
  ticket: z.number(),
  label: z.string(),
  amount: z.number(),
});
export type RoomWinner = z.infer<typeof roomWinnerSchema>;

export const LOTTERY_PHASES = [
  "onSale",
  "closing",
  "countdown",
  "drawing",
  "drawn",
  "refunding",
  "deleted",
] as const;
export type LotteryPhase = (typeof LOTTERY_PHASES)[number];

export const lotteryRoomStateSchema = z.object({
  code: z.string(),
  title: z.string(),
  ticketPrice: z.number(),
  winAmount: z.number(),
  outDate: z.number(),
  phase: z.enum(LOTTERY_PHASES),
  ticketsSold: z.number(),
  drawAt: z.number(),
  places: z.number(),
  revealEveryMs: z.number(),
  revealed: z.array(roomWinnerSchema),
  commitment: z.string(),
  serverSeed: z.string(),
});
export type LotteryRoomState = z.infer<typeof lotteryRoomStateSchema>;

export const lotteryDrawingSoonSchema = z.object({
  code: z.string(),
  drawAt: z.number(),
  message: z.string(),
});
export const lotteryWinnerMessageSchema = roomWinnerSchema.extend({ mine: z.boolean() });
export const lotteryDrawnSchema = z.object({
  code: z.string(),
  serverSeed: z.string(),
  winners: z.array(roomWinnerSchema),
});
export const lotteryCancelledSchema = z.object({ code: z.string(), message: z.string() });

/**
 * The order the room reveals a drawing's winners in, which a replay follows: the last place
 * first, the first prize last.
 */
export const inRevealOrder = <Winner extends { place: number }>(winners: Winner[]) =>
  [...winners].sort((a, b) => b.place - a.place);
