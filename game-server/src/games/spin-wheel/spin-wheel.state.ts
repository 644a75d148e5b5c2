import { ArraySchema, schema, t } from "@colyseus/schema";
import { roundStateFields, syncArray } from "../round-kernel/round-state.ts";
import type { SpinWheelSeat } from "./spin-wheel.rules.ts";

/** A number picked (live, not paid) or locked (paid) by a player. */
export const SpinPick = schema(
  { number: t.number(), player: t.string(), locked: t.boolean() },
  "SpinPick",
);

/** A player who locked numbers. */
export const SpinWheelPlayer = schema(
  { player: t.string(), numbers: t.array("number") },
  "SpinWheelPlayer",
);

/** What everyone in a spin wheel room sees (docs/realtime.md). */
export const SpinWheelState = schema(
  {
    ...roundStateFields(),
    /** "1".."6" → the pick or the lock on that number; a number absent is free. */
    picks: t.map(SpinPick),
    players: t.array(SpinWheelPlayer),
    /** The winning number once finished, else 0. */
    winnerValue: t.number(),
    /** Its segment (0..5) once finished, else -1. */
    winnerIndex: t.number(),
    /** Degrees the wheel turns clockwise from rest, once finished, else 0. */
    finalRotation: t.number(),
  },
  "SpinWheelState",
);
export type SpinWheelState = InstanceType<typeof SpinWheelState>;

/**
 * The state's picks as `picks` (number → player), each marked locked when a seat holds it.
 * Changed in place: a pick costs its own entry in the next patch, not the whole map.
 */
export function showPicks(
  state: SpinWheelState,
  picks: ReadonlyMap<number, string>,
  seats: readonly SpinWheelSeat[],
) {
  const locked = new Set(seats.flatMap((seat) => seat.selectedNumbers));
  for (const key of [...state.picks.keys()]) if (!picks.has(Number(key))) state.picks.delete(key);
  for (const [number, player] of picks) {
    const entry = state.picks.get(String(number));
    if (!entry) {
      state.picks.set(String(number), new SpinPick({ number, player, locked: locked.has(number) }));
      continue;
    }
    entry.player = player;
    entry.locked = locked.has(number);
  }
}

/** The state's players as the round's seats (in seat order), each with its numbers. */
export function showPlayers(state: SpinWheelState, seats: readonly SpinWheelSeat[]) {
  syncArray(
    state.players,
    seats,
    (entry, seat) =>
      entry.player === seat.player &&
      entry.numbers.length === seat.selectedNumbers.length &&
      entry.numbers.every((n, i) => n === seat.selectedNumbers[i]),
    (seat) =>
      new SpinWheelPlayer({
        player: seat.player,
        numbers: new ArraySchema(...seat.selectedNumbers),
      }),
  );
}
