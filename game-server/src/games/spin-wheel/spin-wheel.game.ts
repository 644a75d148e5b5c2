import { type SpinWheelGame, WHEEL_NUMBERS } from "@igp/shared";
import type { RoundGame } from "../round-kernel/round-game.ts";
import type { RoundGameDefinition } from "../round-kernel/round-game-definition.ts";
import { spinWheelApi } from "./spin-wheel.api.ts";
import {
  drawsAtDeadline,
  heldNumbers,
  joinable,
  MIN_PLAYERS_TO_DRAW,
  playerCount,
  readyToDraw,
  type SpinWheelSeat,
  spin,
} from "./spin-wheel.rules.ts";
import { SpinWheelState } from "./spin-wheel.state.ts";
import { type SpinWheelJoin, spinWheelTable } from "./spin-wheel.table.ts";
import { spinWheelGameView } from "./spin-wheel.view.ts";

/**
 * Spin wheel as a round game: seats are numbers (each costs the bet), drawn when all six are held
 * or at the deadline with two players or more; the outcome is the winning number.
 */
export const spinWheelGame: RoundGame<SpinWheelSeat, number> = {
  type: "spin-wheel",
  settingsGroup: "spinWheel",
  stakeOf: (seat, betAmount) => seat.selectedNumbers.length * betAmount,
  selectionOf: (seat) => ({ numbers: seat.selectedNumbers, clientSeed: seat.clientSeed }),
  seatOf: (stake) => ({
    player: stake.userId,
    selectedNumbers: (stake.selection?.numbers as number[] | undefined) ?? [],
    clientSeed: String(stake.selection?.clientSeed),
  }),
  seatsHeld: (seat) => seat.selectedNumbers.map(String),
  statusOf: (seats) => (playerCount(seats) >= MIN_PLAYERS_TO_DRAW ? "player-joined" : "waiting"),
  joinable,
  readyToDraw,
  drawsAtDeadline,
  async draw(round) {
    const { winnerValue, winner, payout } = await spin(round);
    return {
      outcome: winnerValue,
      payouts: [{ userId: winner, amount: payout }],
      proof: { heldNumbers: heldNumbers(round.players) },
    };
  },
  listing: (seats) => ({
    side: null,
    heldNumbers: heldNumbers(seats),
    playerWithChoice: seats.map(({ player, selectedNumbers }) => ({ player, selectedNumbers })),
  }),
  fullPot: (betAmount) => betAmount * WHEEL_NUMBERS.length,
};

/** Spin wheel whole: its rules, its room's state and table, its view and its routes. */
export const spinWheel: RoundGameDefinition<
  SpinWheelSeat,
  number,
  SpinWheelState,
  SpinWheelJoin,
  SpinWheelGame,
  SpinWheelJoin,
  SpinWheelJoin
> = {
  rules: spinWheelGame,
  newState: () => new SpinWheelState(),
  openTable: spinWheelTable,
  view: spinWheelGameView,
  api: spinWheelApi,
};
