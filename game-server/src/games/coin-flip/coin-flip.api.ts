import {
  type CoinSide,
  coinFlipCreatedSchema,
  coinFlipGameSchema,
  coinFlipJoinedSchema,
  createCoinFlipRequestSchema,
  joinCoinFlipRequestSchema,
} from "@igp/shared";
import type { RoundGameApi } from "../round-kernel/round-game-definition.ts";
import { type CoinFlipSeat, GAME_FULL } from "./coin-flip.rules.ts";
import type { CoinFlipJoin } from "./coin-flip.table.ts";

/**
 * Coin flip for players: a round by code (anyone: /fair reads it), opening a round on a table
 * by locking a side, and joining by code (the other side). Private rounds: private-games.routes.ts.
 */
export const coinFlipApi: RoundGameApi<
  CoinFlipSeat,
  CoinFlipJoin,
  { selectedSide: CoinSide; clientSeed: string },
  CoinFlipJoin
> = {
  tag: "coin flip",
  summaries: {
    get: "A coin flip round by code, with its fairness proof once settled",
    create: "Open a round on a public table: the side is locked and the bet debited",
    join: "Join a waiting round by code: the other side, the bet debited",
  },
  schemas: {
    game: coinFlipGameSchema,
    create: createCoinFlipRequestSchema,
    created: coinFlipCreatedSchema,
    join: joinCoinFlipRequestSchema,
    joined: coinFlipJoinedSchema,
  },
  seatOf: ({ selectedSide, clientSeed }, player) => ({ player, selectedSide, clientSeed }),
  joinRequestOf: ({ clientSeed }) => ({ clientSeed }),
  fullMessage: GAME_FULL,
};
