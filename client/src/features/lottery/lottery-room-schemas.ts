import { revealedWinnerSchema } from "@igp/shared";
import { z } from "zod";
import { LOTTERY_PHASES } from "./lottery-room-messages.ts";

/**
 * What the page checks of the `lottery` room (docs/realtime.md): its state, and its messages'
 * schemas (shared). Amounts are major units (an award's is 0: its label names it), times epoch
 * milliseconds. Loaded with the room (use-lottery-room.ts), after the page has painted, so that
 * zod is not on a lottery page's first download.
 */
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

export {
  cancelledMessageSchema,
  drawingSoonMessageSchema,
  drawnMessageSchema,
  winnerMessageSchema,
} from "@igp/shared";
