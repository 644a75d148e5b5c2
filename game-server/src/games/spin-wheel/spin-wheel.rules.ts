import { potAfterCut } from "@igp/ledger";
import { numberTaken, spinWinner, WHEEL_NUMBERS } from "@igp/shared";
import { GAME_EXPIRED } from "../round-kernel/round-game.ts";

/** The rules of a spin wheel, once, as pure functions: the room, the routes and the draw call them. */

/** A spin wheel seat: a player, the numbers it locked (each costs the bet), its client seed. */
export interface SpinWheelSeat {
  player: string;
  selectedNumbers: number[];
  clientSeed: string;
}

export const MIN_PLAYERS_TO_DRAW = 2;
export const SELECTION_LOCKED = "Your selection is locked.";
export const NOT_YOUR_NUMBER = "That number is not yours to release.";
export const LEAVE_A_NUMBER = "Leave at least one number for another player.";

/** Every number held, ascending: the draw's candidates. */
export function heldNumbers(seats: SpinWheelSeat[]): number[] {
  return [...new Set(seats.flatMap((seat) => seat.selectedNumbers))].sort((a, b) => a - b);
}

export function playerCount(seats: SpinWheelSeat[]): number {
  return new Set(seats.map((seat) => seat.player)).size;
}

/** All six held by two players or more: no one else can join, so the wheel spins now. */
export const readyToDraw = (seats: SpinWheelSeat[]) =>
  heldNumbers(seats).length === WHEEL_NUMBERS.length && playerCount(seats) >= MIN_PLAYERS_TO_DRAW;

export const drawsAtDeadline = (seats: SpinWheelSeat[]) =>
  playerCount(seats) >= MIN_PLAYERS_TO_DRAW;

export const joinable = (seats: SpinWheelSeat[]) =>
  heldNumbers(seats).length < WHEEL_NUMBERS.length;

/** A creator holding all six numbers would leave nobody a seat. */
export function whyNotOpen(numbers: number[]): string | null {
  return numbers.length >= WHEEL_NUMBERS.length ? LEAVE_A_NUMBER : null;
}

/** Why a user may not pick this number now (picks: number → who picked or holds it). */
export function whyNotPick(
  seats: SpinWheelSeat[],
  picks: ReadonlyMap<number, string>,
  userId: string,
  number: number,
): string | null {
  if (seats.some((seat) => seat.player === userId)) return SELECTION_LOCKED;
  const holder = picks.get(number);
  return holder && holder !== userId ? numberTaken(number) : null;
}

/** Why a user may not lock these numbers, or null when it may. */
export function whyNotLock(
  round: { players: SpinWheelSeat[]; deadline: string },
  picks: ReadonlyMap<number, string>,
  userId: string,
  numbers: number[],
  now: number,
): string | null {
  if (round.players.some((seat) => seat.player === userId)) return SELECTION_LOCKED;
  if (now >= Date.parse(round.deadline)) return GAME_EXPIRED;
  const taken = numbers.find((n) => {
    const holder = picks.get(n);
    return holder !== undefined && holder !== userId;
  });
  return taken === undefined ? null : numberTaken(taken);
}

export interface SpinOutcome {
  winnerValue: number;
  winner: string;
  /** The pot (every held number's bet) minus the house cut, in minor units. */
  payout: number;
}

/** Draws the winning number among the held ones (docs/fairness.md), its holder and the payout. */
export async function spin(round: {
  roundId: string;
  serverSeed: string;
  players: SpinWheelSeat[];
  betAmount: number;
  cutBasisPoints: number;
}): Promise<SpinOutcome> {
  const held = heldNumbers(round.players);
  const winnerValue = await spinWinner(
    {
      serverSeed: round.serverSeed,
      clientSeeds: round.players.map((seat) => seat.clientSeed),
      roundId: round.roundId,
    },
    held,
  );
  const winner = round.players.find((seat) => seat.selectedNumbers.includes(winnerValue))!.player;
  const pot = round.betAmount * held.length;
  return { winnerValue, winner, payout: potAfterCut(pot, round.cutBasisPoints) };
}
