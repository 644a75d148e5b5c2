import type { Room } from "@colyseus/sdk";
import type { RoundStatus } from "@igp/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { lazySchemas } from "../lazy-schemas.ts";
import { type RoomConnection, watchRoom } from "../watch-room.ts";

/** The room's messages' schemas, with the room: off the page's first download (zod). */
const roundRoomSchemas = lazySchemas(() => import("./round-room-schemas.ts"));
type RoundRoomSchemas = Awaited<ReturnType<typeof roundRoomSchemas>>;

/** The state fields every round room has (docs/realtime.md); a game's state adds its own. */
export interface RoundStateBase {
  code: string;
  access: string;
  status: RoundStatus;
  phase: string;
  betAmount: number;
  createdBy: string;
  createdAt: number;
  deadline: number;
  /** When the draw happens once it is due (the start notice); 0 before. */
  startsAt: number;
  commitment: string;
  winner: string;
  payout: number;
  serverSeed: string;
}

/** The message that carries a game's result: `coin` or `spin`. */
export type ResultType = keyof RoundRoomSchemas["resultSchemas"];
/** A result message as its game's schema reads it. */
export type ResultOf<Type extends ResultType> = z.infer<RoundRoomSchemas["resultSchemas"][Type]>;

export interface RoundRoom<State, Result> {
  state: State | null;
  result: Result | null;
  connection: RoomConnection;
  /** Sends a message to the room (spin wheel picks); nothing when not connected. */
  send(type: string, message: unknown): void;
}

/** Messages a round room may send that the views read elsewhere (state, the player channel). */
const READ_ELSEWHERE = ["noPlayerJoined", "startNotice", "gameLockedSpin"];

/**
 * Watches one round's room by code: its live state and its result message. A message the room
 * refused comes back as `error`, handed to `onRefused`.
 */
export function useRoundRoom<State extends RoundStateBase, Type extends ResultType>(
  code: string | null,
  resultType: Type,
  onRefused: (message: string) => void = () => {},
): RoundRoom<State, ResultOf<Type>> {
  const [live, setLive] = useState<{
    state: State | null;
    result: ResultOf<Type> | null;
    connection: RoomConnection;
  }>({ state: null, result: null, connection: "connecting" });
  const roomRef = useRef<Room | null>(null);
  // Read at message time: a new closure per render must not rejoin the room.
  const latest = useRef({ onRefused });
  latest.current = { onRefused };

  useEffect(() => {
    if (!code) return;
    let active = true;
    const update = (change: Partial<typeof live>) =>
      active && setLive((current) => ({ ...current, ...change }));
    const stop = watchRoom(code, roundRoomSchemas, {
      connection: (connection) => update({ connection }),
      joined: ({ room, loaded: schemas }) => {
        roomRef.current = room;
        room.onStateChange((state) => update({ state: (state as { toJSON(): State }).toJSON() }));
        const resultSchema = schemas.resultSchemas[resultType];
        room.onMessage(resultType, (message) =>
          update({ result: resultSchema.parse(message) as ResultOf<Type> }),
        );
        room.onMessage("error", (message) =>
          latest.current.onRefused(schemas.roomErrorSchema.parse(message).message),
        );
        for (const type of READ_ELSEWHERE) room.onMessage(type, () => {});
      },
      // Nothing is sent to a room that left, until it is joined again.
      left: () => {
        roomRef.current = null;
      },
    });
    return () => {
      active = false;
      stop();
      roomRef.current = null;
    };
  }, [code, resultType]);

  const send = useCallback((type: string, message: unknown) => {
    roomRef.current?.send(type, message);
  }, []);
  return { ...live, send };
}
