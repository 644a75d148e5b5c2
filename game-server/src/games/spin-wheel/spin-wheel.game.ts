import { WHEEL_NUMBERS } from "@igp/shared";
import type { RoundGame } from "../round-kernel/round-game.ts";
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
