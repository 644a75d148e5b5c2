import { z } from "zod";
import { MINOR_UNITS_PER_MAJOR } from "../money.ts";
import { COIN_SIDES, ROUND_CODE } from "../words.ts";
import { text } from "./text.ts";
import { amountField } from "./wallet.ts";

/** The seconds between the second player joining and the flip (the start notice). */
export const START_NOTICE_SECONDS = 5;
/** How many past outcomes a game screen shows. */
export const HISTORY_LENGTH = 10;

export const GAME_NOT_FOUND =
  "Could not find the game. It might have expired or the code is incorrect.";
export const roundCodeSchema = text("Game code", { required: GAME_NOT_FOUND })
  .trim()
  .toUpperCase()
  .regex(ROUND_CODE, GAME_NOT_FOUND);

export const SIDE_NOT_SELECTED = "Please select your lucky side and lock the selection";
export const coinSideSchema = z.enum(COIN_SIDES, { error: SIDE_NOT_SELECTED });

/** A player's client seed for the provably fair draw: any short text of safe characters. */
const givenClientSeedSchema = text("Client seed", {
  required: "A client seed is required.",
}).regex(/^[A-Za-z0-9_-]{1,64}$/, "The client seed must be 1 to 64 letters, digits, - or _.");

/** What a seat's seed starts with when the server made it (no client sent one). */
export const GENERATED_SEED_PREFIX = "generated:";

/**
 * A player's client seed; optional, as the spec's calls send none. Then the server makes one,
 * marked `generated:` in the fairness proof (no client seed can contain a colon): that seat's
 * randomness is the server's word, not the player's.
 */
export const clientSeedSchema = givenClientSeedSchema
  .optional()
  .transform(
    (seed) => seed ?? `${GENERATED_SEED_PREFIX}${crypto.randomUUID().replaceAll("-", "")}`,
  );

/** The spec's `playerId` beside a join: only ever the signed-in player's own id. */
export const playerIdField = z.string().max(100).optional();

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
  playerId: playerIdField,
});

/** The player spec's one message for a private game's bet that is missing, not a number or too small. */
export const INVALID_PRIVATE_BET = "Please enter a valid bet amount.";

/**
 * What every private game's creation sends, whatever the game (see private-games.ts): a bet of
 * at least 1 ETB (docs/spec-decisions.md), checked by the form with this same schema.
 */
export const privateGameFields = {
  access: z.literal("private").default("private"),
  betAmount: amountField(MINOR_UNITS_PER_MAJOR, INVALID_PRIVATE_BET, {
    invalid: INVALID_PRIVATE_BET,
  }),
  clientSeed: clientSeedSchema,
};

export const createPrivateCoinFlipRequestSchema = z.object({
  gameType: z.literal("coin-flip"),
  ...privateGameFields,
  selectedSide: z.enum(COIN_SIDES, { error: "Please select a side (Heads or Tails)." }),
});

/** Round status as the specs name it, plus the two ends. */
export const ROUND_STATUSES = ["waiting", "player-joined", "finished", "expired"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const playerWithChoiceSchema = z.object({
  player: z.string(),
  selectedSide: coinSideSchema,
});

/** What anyone needs to check a draw of a game whose outcome has this shape (docs/fairness.md). */
export function roundFairnessSchema<T extends z.ZodType>(outcome: T) {
  return z.object({
    roundId: z.string(),
    commitment: z.string(),
    clientSeeds: z.array(z.string()),
    /** Revealed once the round is settled; null before. */
    serverSeed: z.string().nullable(),
    outcome: outcome.nullable(),
  });
}

/** A coin flip's fairness proof: the outcome is the side drawn. */
export const fairnessSchema = roundFairnessSchema(coinSideSchema);

/** What every round game's view shows, whatever its seats and outcome. */
export const roundGameSchema = z.object({
  code: z.string(),
  status: z.enum(ROUND_STATUSES),
  access: z.enum(["public", "private"]),
  instantId: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Minutes from createdAt until the deadline: the draw, or the refund without enough players. */
  gameWaitingTime: z.number(),
  deadline: z.string(),
  /** The bet per seat (coin flip: per player; spin wheel: per number). */
  betAmount: z.number(),
  winPercentCut: z.number(),
});

export const coinFlipGameSchema = roundGameSchema.extend({
  playerWithChoice: z.array(playerWithChoiceSchema),
  fairness: fairnessSchema,
});
export type CoinFlipGame = z.infer<typeof coinFlipGameSchema>;
export const coinFlipCreatedSchema = z.object({ gameCode: z.string(), game: coinFlipGameSchema });
export type CoinFlipCreated = z.infer<typeof coinFlipCreatedSchema>;
export const coinFlipJoinedSchema = z.object({ game: coinFlipGameSchema });
export type CoinFlipJoined = z.infer<typeof coinFlipJoinedSchema>;

export const instantGameEntrySchema = z.object({
  id: z.number(),
  type: z.enum(["coin-flip", "spin-wheel"]),
  betAmount: z.number(),
  /**
   * The most a player can win at this table: the pot with every seat taken, minus the house cut
   * of its open round, or of the game's settings (what a new round records) when none is open.
   */
  winUpTo: z.number(),
  /** Players in the table's current round (0 when none is open). */
  players: z.number(),
  /** Coin flip: the creator's side (the joiner plays the other); null for spin wheel. */
  side: coinSideSchema.nullable(),
  /** Spin wheel: the numbers held in the open round (each costs betAmount); [] for coin flip. */
  heldNumbers: z.array(z.number()),
  code: z.string().nullable(),
  status: z.enum(ROUND_STATUSES).nullable(),
  gameWaitingTime: z.number(),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** The open round's players and their choices (no seeds or codes of anyone). */
  playerWithChoice: z.array(
    z.object({
      player: z.string(),
      selectedSide: coinSideSchema.optional(),
      selectedNumbers: z.array(z.number()).optional(),
    }),
  ),
  /** The spec's nested copy of the timing fields. */
  game: z.object({ gameWaitingTime: z.number(), createdAt: z.string().nullable() }),
});
export type InstantGameEntry = z.infer<typeof instantGameEntrySchema>;

// Realtime (docs/realtime.md)

export const ROOMS = {
  coinFlip: "coin_flip",
  spinWheel: "spin_wheel",
  lobby: "lobby",
  player: "player",
  /** One lottery's live room: sales, countdown, the drawing (docs/realtime.md). */
  lottery: "lottery",
} as const;

/** The room of each round game. */
export const ROUND_ROOMS = { "coin-flip": ROOMS.coinFlip, "spin-wheel": ROOMS.spinWheel } as const;
export type RoundGameType = keyof typeof ROUND_ROOMS;

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
  /** The round (its id) whose payout or refund this move includes: a screen may hold it back. */
  round: z.string().optional(),
});
/** The player's lists (deposits, withdrawals) changed: read them again. */
export const listsUpdatedSchema = z.object({});
export const noPlayerJoinedSchema = z.object({ code: z.string(), message: z.string() });
export const NO_PLAYER_JOINED = "Nobody joined your game in time; your bet was refunded.";

/** `error`: a round room's answer to a message it refused (wrong shape, taken number...). */
export const roomErrorSchema = z.object({ message: z.string() });

/**
 * `startNotice`: everyone in a round's room, when the draw is due in START_NOTICE_SECONDS (the
 * state's `startsAt` says the same).
 */
export const startNoticeSchema = z.object({ code: z.string(), startsAt: z.number() });

/** A public round in the `lobby` room's state (`LobbyRound`), any game. */
export const lobbyRoundSchema = z.object({
  code: z.string(),
  type: z.enum(["coin-flip", "spin-wheel"]),
  /** Coin flip: the creator's side; empty for spin wheel. */
  side: z.string(),
  betAmount: z.number(),
  /**
   * The most a player joining now can win: the pot with every seat taken, minus the round's
   * house cut (coin flip: exactly what the winner gets; spin wheel: with all six numbers held).
   */
  winUpTo: z.number(),
  players: z.number(),
  deadline: z.number(),
  createdBy: z.string(),
  /** Spin wheel: the numbers held so far; empty for coin flip. */
  heldNumbers: z.array(z.number()),
});
export type LobbyRoundView = z.infer<typeof lobbyRoundSchema>;
