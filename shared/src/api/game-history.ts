import { z } from "zod";
import { GAME_TYPES } from "../constants.ts";
import { coinSideSchema } from "./games.ts";
import { pageNumber } from "./wallet.ts";

/** Where a player's round stands: still open, won, lost, or cancelled with the stakes refunded. */
export const GAME_OUTCOMES = ["open", "won", "lost", "refunded"] as const;
export type GameOutcome = (typeof GAME_OUTCOMES)[number];

export const GAME_FILTER_INVALID = "Game must be coin-flip, spin-wheel or lottery.";

/** `GET /api/game/history`: a page (20 rows), optionally of one game. */
export const gameHistoryQuerySchema = z.object({
  page: pageNumber,
  game: z.enum(GAME_TYPES, { error: GAME_FILTER_INVALID }).optional(),
});

/**
 * One round a player played (a lottery: all its tickets of that lottery), amounts in major units.
 * Returned stakes (never in play) are not listed.
 */
export const gameHistoryEntrySchema = z.object({
  roundId: z.string(),
  game: z.enum(GAME_TYPES),
  code: z.string().nullable().describe("The round's (or lottery's) code, which /fair verifies"),
  side: coinSideSchema.nullable().describe("Coin flip: the side the player held"),
  numbers: z.array(z.number()).describe("Spin wheel: the numbers the player held"),
  tickets: z.array(z.number()).describe("Lottery: the player's ticket numbers"),
  stake: z.number(),
  outcome: z.enum(GAME_OUTCOMES),
  payout: z.number().describe("Paid to the player: the winnings, or a lottery's money prizes"),
  refunded: z.number().describe("Given back when the round was cancelled"),
  places: z.array(z.number()).describe("Lottery: the places won (an award place pays nothing)"),
  playedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type GameHistoryEntry = z.infer<typeof gameHistoryEntrySchema>;

export const gameHistoryPageSchema = z.object({
  status: z.literal("ok"),
  history: z.array(gameHistoryEntrySchema),
  currentPage: z.number(),
  totalPages: z.number(),
});
export type GameHistoryPage = z.infer<typeof gameHistoryPageSchema>;
