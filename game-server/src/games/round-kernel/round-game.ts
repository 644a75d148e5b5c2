import type { Award, JsonValue, Stake } from "@igp/ledger";
import type { CoinSide, RoundGameType } from "@igp/shared";
import type { GameSettingsGroup } from "../../settings/settings-repository.ts";

/**
 * What a round game (coin flip, spin wheel) adds to the round kernel: what a seat is and what it
 * costs, when the draw happens, and how the seeds map to a winner. Pure functions only: the
 * kernel does the money, the record, the timeline and the room.
 */

/** One player's place in a round: who, the client seed it sent, and the game's choice. */
export interface Seat {
  player: string;
  clientSeed: string;
}

export type SeatStatus = "waiting" | "player-joined";

/** A round as the draw sees it: amounts in minor units, the seats in stake order. */
export interface DrawnRound<S extends Seat> {
  roundId: string;
  serverSeed: string;
  players: S[];
  betAmount: number;
  cutBasisPoints: number;
}

/** The draw's result: the outcome the registry and the ledger record, and who is paid what. */
export interface Drawn<O extends JsonValue> {
  outcome: O;
  payouts: Award[];
  /** What else the ledger's RoundSettled.draw records for the audit (the candidates...). */
  proof?: Record<string, JsonValue>;
}

export interface RoundGame<S extends Seat, O extends JsonValue> {
  readonly type: RoundGameType;
  /** The settings group whose gameWaitingTime and winPercentCut a new round records. */
  readonly settingsGroup: GameSettingsGroup;
  /** The stake a seat costs, in minor units. */
  stakeOf(seat: S, betAmount: number): number;
  /** What the stake records of the seat (the client seed included), and the seat back. */
  selectionOf(seat: S): Record<string, JsonValue>;
  seatOf(stake: Stake): S;
  /** The seats each stake holds (side, numbers): the ledger refuses a stake on a held seat. */
  seatsHeld(seat: S): string[];
  statusOf(seats: S[]): SeatStatus;
  /** May someone still join (before the deadline)? */
  joinable(seats: S[]): boolean;
  /** Draw now (after the start notice), without waiting for the deadline. */
  readyToDraw(seats: S[]): boolean;
  /** Draw at the deadline, rather than refund. */
  drawsAtDeadline(seats: S[]): boolean;
  draw(round: DrawnRound<S>): Promise<Drawn<O>>;
  /** What the lobby and the table lists show of the seats. */
  listing(seats: S[]): Listing;
  /**
   * The pot when every seat is taken, in minor units (coin flip: two bets; spin wheel: one bet
   * per wheel number): the most a winner takes before the house cut.
   */
  fullPot(betAmount: number): number;
}

export interface Listing {
  /** Coin flip: the creator's side. */
  side: CoinSide | null;
  /** Spin wheel: the numbers held. */
  heldNumbers: number[];
  /** Who chose what (the spec's playerWithChoice): no seeds, nothing hidden. */
  playerWithChoice: ListedChoice[];
}

export interface ListedChoice {
  player: string;
  selectedSide?: CoinSide;
  selectedNumbers?: number[];
}

/** A refusal the player should read: a bad code, a full round, too little money... */
export class GameError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const GAME_OVER = "This game is over.";
export const GAME_EXPIRED = "This game has expired.";
/** The ledger returned a stake on a seat another stake holds (the room's checks make it rare). */
export const SEAT_TAKEN = "Someone else already holds that choice; nothing was charged.";
