import type { JsonValue } from "@igp/ledger";
import type { z } from "zod";
import type { RoundGame, Seat } from "./round-game.ts";
import type { RegisteredRound } from "./round-registry.ts";
import type { GameTable, RoundTable } from "./round-table.ts";

/**
 * A round game whole, as the platform runs it on the kernel (games/<game>/<game>.game.ts): its
 * rules, its room's state and table, its view, and its routes' description. The realtime layer
 * gives it a room, the HTTP layer its routes; nothing in the kernel names a game.
 */
export interface RoundGameDefinition<
  S extends Seat,
  O extends JsonValue,
  State,
  J,
  V,
  SeatBody = never,
  JoinBody = never,
> {
  readonly rules: RoundGame<S, O>;
  /** A new room's state: round-state.ts's fields and the game's. */
  newState(): State;
  /** The game's side of one running round, in its room. */
  openTable(table: RoundTable<S, O, State>): GameTable<S, O, J, V>;
  /** A round as the API and the realtime messages show it (amounts in major units). */
  view(round: RegisteredRound<S, O>): V;
  readonly api: RoundGameApi<S, J, SeatBody, JoinBody>;
}

/**
 * The game's routes (`/api/game/<type>/get|create|join`, http/routes/round-game.routes.ts): what
 * the OpenAPI document says of them, and how a request becomes a seat or a join. `SeatBody`: the
 * creator's choice in a create request (a table's or a private round's); `JoinBody`: a joiner's.
 */
export interface RoundGameApi<S extends Seat, J, SeatBody, JoinBody> {
  tag: string;
  summaries: { get: string; create: string; join: string };
  schemas: {
    game: z.ZodType;
    create: z.ZodType<SeatBody & { instantId: number }>;
    created: z.ZodType;
    join: z.ZodType<JoinBody & { code: string; playerId?: string | undefined }>;
    joined: z.ZodType;
  };
  /** The creator's seat, from a create request. */
  seatOf(body: SeatBody, player: string): S;
  /** Why this seat may not open a round (answered 400), or null. */
  whyNotOpen?(seat: S): string | null;
  /** What the round's table is asked to seat, from a join request. */
  joinRequestOf(body: JoinBody): J;
  /** The refusal of a join to a round that ended with every seat taken. */
  fullMessage: string;
}

/** Any game's definition, as the lists of every game hold them. */
// biome-ignore lint/suspicious/noExplicitAny: each game keeps its own seat, outcome and state
export type AnyRoundGameDefinition = RoundGameDefinition<any, any, any, any, any, object, object>;
