import type { CoinFlipGame, CoinSide } from "@igp/shared";
import type { RoundGame } from "../round-kernel/round-game.ts";
import type { RoundGameDefinition } from "../round-kernel/round-game-definition.ts";
import { coinFlipApi } from "./coin-flip.api.ts";
import { type CoinFlipSeat, flip, PLAYERS_PER_ROUND } from "./coin-flip.rules.ts";
import { CoinFlipState } from "./coin-flip.state.ts";
import { type CoinFlipJoin, coinFlipTable } from "./coin-flip.table.ts";
import { coinFlipGameView } from "./coin-flip.view.ts";

/** Coin flip as a round game: two seats (a side each), drawn as soon as both are taken. */
export const coinFlipGame: RoundGame<CoinFlipSeat, CoinSide> = {
  type: "coin-flip",
  settingsGroup: "coinFlip",
  stakeOf: (_seat, betAmount) => betAmount,
  selectionOf: (seat) => ({ side: seat.selectedSide, clientSeed: seat.clientSeed }),
  seatOf: (stake) => ({
    player: stake.userId,
    selectedSide: stake.selection?.side as CoinSide,
    clientSeed: String(stake.selection?.clientSeed),
  }),
  seatsHeld: (seat) => [seat.selectedSide],
  statusOf: (seats) => (seats.length >= PLAYERS_PER_ROUND ? "player-joined" : "waiting"),
  joinable: (seats) => seats.length < PLAYERS_PER_ROUND,
  readyToDraw: (seats) => seats.length >= PLAYERS_PER_ROUND,
  drawsAtDeadline: () => false,
  async draw(round) {
    const { outcome, winner, payout } = await flip(round);
    return { outcome, payouts: [{ userId: winner, amount: payout }] };
  },
  listing: (seats) => ({
    side: seats[0]?.selectedSide ?? null,
    heldNumbers: [],
    playerWithChoice: seats.map(({ player, selectedSide }) => ({ player, selectedSide })),
  }),
  fullPot: (betAmount) => betAmount * PLAYERS_PER_ROUND,
};

/** Coin flip whole: its rules, its room's state and table, its view and its routes. */
export const coinFlip: RoundGameDefinition<
  CoinFlipSeat,
  CoinSide,
  CoinFlipState,
  CoinFlipJoin,
  CoinFlipGame,
  { selectedSide: CoinSide; clientSeed: string },
  CoinFlipJoin
> = {
  rules: coinFlipGame,
  newState: () => new CoinFlipState(),
  openTable: coinFlipTable,
  view: coinFlipGameView,
  api: coinFlipApi,
};
