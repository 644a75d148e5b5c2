import type { JsonValue } from "@igp/ledger";
import type { z } from "zod";
import type { Seat } from "./round-game.ts";
import type { Settled } from "./round-lifecycle.ts";
import type { RegisteredRound } from "./round-registry.ts";

export type Refusal = { ok: false; status: 400 | 403 | 404 | 409; message: string };
export type JoinOutcome<G> = { ok: true; game: G } | Refusal;
/** A game's result message (`coin`, `spin`: docs/realtime.md). */
export type RoundResult = { type: string; message: object };

/**
 * A running round as its game's table sees it: the port the round's room
 * (realtime/round-room.ts) implements. The room does what every round does (the machine, the
 * money, the lobby); the table adds what its game does at it.
 */
export interface RoundTable<S extends Seat, O extends JsonValue, State> {
  readonly round: RegisteredRound<S, O>;
  /** The state every watcher sees (round-state.ts's fields and the game's). */
  readonly state: State;
  /** The round machine's state (round.machine.ts): waiting, joining, starting... */
  readonly phase: string;
  /** Is the round still taking seats (the countdown running, no draw due)? */
  readonly seating: boolean;
  /** Takes a seat the game's rules allowed: the stake, then the record; the machine follows. */
  seat(seat: S): Promise<Refusal | null>;
  /** A message to everyone in the room, sent with the next patch (after the state it tells of). */
  broadcast(type: string, message: object): void;
  /** A message to everyone in the lobby, when the round is listed there (public). */
  announce(type: string, payload: object): void;
}

/** A live client message, behind its schema; the handler answers why it refuses, or null. */
export interface TableMessage<T> {
  schema: z.ZodType<T>;
  handle(userId: string, message: T): string | null;
}

/**
 * What a game does at a running round (made per room by its definition's `openTable`): seats a
 * player asking to join (`J`: what the join route passes on), shows its seats in the state,
 * words the result; and, if it has any, takes live messages and hears players leave.
 */
export interface GameTable<S extends Seat, O extends JsonValue, J, V> {
  // biome-ignore lint/suspicious/noExplicitAny: each message keeps its own schema's type
  readonly messages?: Record<string, TableMessage<any>>;
  join(userId: string, request: J): Promise<JoinOutcome<V>>;
  /** A player's last client (tab) left the room. */
  left?(userId: string): void;
  /** The game's fields of the state (seats, outcome), from the table's round. */
  showSeats(): void;
  /** The result message, once the winner is paid; `previous`: the last rounds' outcomes. */
  resultOf(settled: Settled<S, O>, previous: O[]): RoundResult;
}
