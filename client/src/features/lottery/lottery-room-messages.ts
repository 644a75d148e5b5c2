import type { RevealedWinner } from "@igp/shared";

/**
 * What the page knows of the `lottery` room (docs/realtime.md) without zod: its phases, its
 * winners' order. Its state's schema (`LotteryRoomState`) and its messages' are checked with the
 * room (lottery-room-schemas.ts).
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

/**
 * The order the room reveals a drawing's winners in, which a replay follows: the last place
 * first, the first prize last.
 */
export const inRevealOrder = <Winner extends { place: number }>(winners: Winner[]) =>
  [...winners].sort((a, b) => b.place - a.place);
