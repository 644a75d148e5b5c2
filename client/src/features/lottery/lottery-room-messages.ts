import { type RevealedWinner, revealedWinnerSchema } from "@igp/shared";
import { z } from "zod";

/**
 * The `lottery` room's state (docs/realtime.md) as the page reads it; its messages' schemas are
 * shared (@igp/shared: drawingSoon, winner, drawn, cancelled). Amounts are major units (an
 * award's is 0: its label names it), times epoch milliseconds.
 */

export type RoomWinner = RevealedWinner;

export const LOTTERY_PHASES = [
  "onSale",
  "closing",
  "countdown",
  "drawing",
  /** Every winner revealed: the prizes are being paid (a moment), then drawn. */
  "paying",
  "drawn",
  "refunding",
  "deleted",
] as const;

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
  /** In reveal order. */
  revealed: z.array(revealedWinnerSchema),
  commitment: z.string(),
  serverSeed: z.string(),
});
export type LotteryRoomState = z.infer<typeof lotteryRoomStateSchema>;

/**
 * The order the room reveals a drawing's winners in, which a replay follows: the last place
 * first, the first prize last.
 */
export const inRevealOrder = <Winner extends { place: number }>(winners: Winner[]) =>
  [...winners].sort((a, b) => b.place - a.place);
