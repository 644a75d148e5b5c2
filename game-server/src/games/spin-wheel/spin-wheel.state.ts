import { ArraySchema, MapSchema, schema, t } from "@colyseus/schema";
import { roundStateFields } from "../round-kernel/round-state.ts";
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

export function picksSchema(picks: ReadonlyMap<number, string>, seats: SpinWheelSeat[]) {
  const locked = new Set(seats.flatMap((seat) => seat.selectedNumbers));
  return new MapSchema(
    Object.fromEntries(
      [...picks].map(([number, player]) => [
        String(number),
        new SpinPick({ number, player, locked: locked.has(number) }),
      ]),
    ),
  );
}

export function playersSchema(seats: SpinWheelSeat[]) {
  return new ArraySchema(
    ...seats.map(
      (seat) =>
        new SpinWheelPlayer({
          player: seat.player,
          numbers: new ArraySchema(...seat.selectedNumbers),
        }),
    ),
  );
}
