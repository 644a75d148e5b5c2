import { z } from "zod";
import { text } from "./text.ts";
import { amountField } from "./wallet.ts";

/** Coin sides: heads and tails. */
export const COIN_SIDES = ["H", "T"] as const;
export type CoinSide = (typeof COIN_SIDES)[number];
export const oppositeSide = (side: CoinSide): CoinSide => (side === "H" ? "T" : "H");

/** The seconds between the second player joining and the flip (the start notice). */
export const START_NOTICE_SECONDS = 5;
/** How many past outcomes a game screen shows. */
export const HISTORY_LENGTH = 10;

/** Round codes: upper case, from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 8;
export const GAME_NOT_FOUND =
  "Could not find the game. It might have expired or the code is incorrect.";
export const roundCodeSchema = text("Game code", { required: GAME_NOT_FOUND })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`), GAME_NOT_FOUND);

export const SIDE_NOT_SELECTED = "Please select your lucky side and lock the selection";
export const coinSideSchema = z.enum(COIN_SIDES, { error: SIDE_NOT_SELECTED });

/** A player's client seed for the provably fair draw: any short text of safe characters. */
export const clientSeedSchema = text("Client seed", {
  required: "A client seed is required.",
}).regex(/^[A-Za-z0-9_-]{1,64}$/, "The client seed must be 1 to 64 letters, digits, - or _.");

export const createCoinFlipRequestSchema = z.object({
  instantId: z.coerce
    .number({ error: "Game not found." })
    .int("Game not found.")
    .positive("Game not found.")
    .max(Number.MAX_SAFE_INTEGER, "Game not found."),
  selectedSide: coinSideSchema,
  clientSeed: clientSeedSchema,
});

export const joinCoinFlipRequestSchema = z.object({
  code: roundCodeSchema,
  clientSeed: clientSeedSchema,
});

export const createPrivateGameRequestSchema = z.object({
  gameType: z.literal("coin-flip", { error: "Invalid game type specified." }),
  access: z.literal("private").default("private"),
  betAmount: amountField(100, "Please enter a valid bet amount."),
  selectedSide: z.enum(COIN_SIDES, { error: "Please select a side (Heads or Tails)." }),
  clientSeed: clientSeedSchema,
});

/** Round status as the specs name it, plus the two ends. */
export const ROUND_STATUSES = ["waiting", "player-joined", "finished", "expired"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const playerWithChoiceSchema = z.object({
  player: z.string(),
  selectedSide: coinSideSchema,
});

/** What anyone needs to check a draw (DESIGN.md section 5, docs/fairness.md). */
export const fairnessSchema = z.object({
  roundId: z.string(),
  commitment: z.string(),
  clientSeeds: z.array(z.string()),
  /** Revealed once the round is settled; null before. */
  serverSeed: z.string().nullable(),
  outcome: coinSideSchema.nullable(),
});

export const coinFlipGameSchema = z.object({
  code: z.string(),
  status: z.enum(ROUND_STATUSES),
  access: z.enum(["public", "private"]),
  instantId: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Minutes from createdAt until the round expires without a second player. */
  gameWaitingTime: z.number(),
  deadline: z.string(),
  betAmount: z.number(),
  winPercentCut: z.number(),
  playerWithChoice: z.array(playerWithChoiceSchema),
  fairness: fairnessSchema,
});
export type CoinFlipGame = z.infer<typeof coinFlipGameSchema>;

export const instantGameEntrySchema = z.object({
  id: z.number(),
  type: z.enum(["coin-flip", "spin-wheel"]),
  betAmount: z.number(),
  /** Players in the table's current round (0 when none is open). */
  players: z.number(),
  side: coinSideSchema.nullable(),
  code: z.string().nullable(),
  status: z.enum(ROUND_STATUSES).nullable(),
  gameWaitingTime: z.number(),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type InstantGameEntry = z.infer<typeof instantGameEntrySchema>;

// Realtime (docs/realtime.md)

export const ROOMS = { coinFlip: "coin_flip", lobby: "lobby", player: "player" } as const;

/** `coin`: the flip's result, sent to everyone in the round's room when it is settled. */
export const coinMessageSchema = z.object({
  coin: coinSideSchema,
  game: coinFlipGameSchema,
  previousWinningCoins: z.array(coinSideSchema),
  /** The winner's payout (pot minus the house cut), in major units. */
  payout: z.number(),
  winner: z.string(),
});
export type CoinMessage = z.infer<typeof coinMessageSchema>;

export const balanceUpdatedSchema = z.object({
  mainBalance: z.number(),
  bonusBalance: z.number(),
});
export const noPlayerJoinedSchema = z.object({ code: z.string(), message: z.string() });
export const NO_PLAYER_JOINED = "Nobody joined your game in time; your bet was refunded.";
