import { type ArraySchema, type Schema, t } from "@colyseus/schema";

/**
 * The fields every round room's state has (docs/realtime.md). Times are epoch milliseconds,
 * amounts major units, sent as float64 (`t.number()` would send 7.2 as the float32
 * 7.199999809…); empty strings and zeros stand for "not yet". A game's state spreads
 * these and adds its seats and outcome.
 */
export function roundStateFields() {
  return {
    code: t.string(),
    access: t.string(),
    /** waiting | player-joined | finished | expired */
    status: t.string(),
    /** The round machine's state (round.machine.ts). */
    phase: t.string(),
    betAmount: t.float64(),
    createdBy: t.string(),
    createdAt: t.number(),
    deadline: t.number(),
    /** When the draw happens once it is due; 0 before. */
    startsAt: t.number(),
    commitment: t.string(),
    winner: t.string(),
    payout: t.float64(),
    /** Revealed after settlement. */
    serverSeed: t.string(),
  };
}

export interface RoundStateFields {
  code: string;
  access: string;
  status: string;
  phase: string;
  betAmount: number;
  createdBy: string;
  createdAt: number;
  deadline: number;
  startsAt: number;
  commitment: string;
  winner: string;
  payout: number;
  serverSeed: string;
}

/**
 * Brings a state array in line with `items`: entries that still match stay, new ones are
 * appended, and the array is rebuilt only when a kept entry changed. Seats only grow while a
 * round runs, so the next patch carries the new seat, not every seat again.
 */
export function syncArray<T extends Schema, I>(
  array: ArraySchema<T>,
  items: readonly I[],
  matches: (entry: T, item: I) => boolean,
  make: (item: I) => T,
): void {
  const kept = items.length >= array.length && array.every((entry, i) => matches(entry, items[i]!));
  if (!kept) array.clear();
  for (let i = array.length; i < items.length; i++) array.push(make(items[i]!));
}
