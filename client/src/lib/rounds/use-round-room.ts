import type { Room } from "@colyseus/sdk";
import type { RoundStatus } from "@igp/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type JoinedRoom, joinRoomWith } from "../join-room-with.ts";
import { lazySchemas } from "../lazy-schemas.ts";

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

/**
 * The socket to the round's room: `reconnecting` while it is down and the client is coming back
 * (the SDK's own reconnection, then joining again by code: the round may have moved to another
 * server process); `closed` when the room is gone for good (the view reads the API).
 */
export type RoomConnection = "connecting" | "live" | "reconnecting" | "closed";

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
    const watch = ({ room, loaded: schemas }: JoinedRoom<RoundRoomSchemas>) => {
      roomRef.current = room;
      update({ connection: "live" });
      room.onStateChange((state) => update({ state: (state as { toJSON(): State }).toJSON() }));
      const resultSchema = schemas.resultSchemas[resultType];
      room.onMessage(resultType, (message) =>
        update({ result: resultSchema.parse(message) as ResultOf<Type> }),
      );
      room.onMessage("error", (message) =>
        latest.current.onRefused(schemas.roomErrorSchema.parse(message).message),
      );
      for (const type of READ_ELSEWHERE) room.onMessage(type, () => {});
      room.onDrop(() => update({ connection: "reconnecting" }));
      room.onReconnect(() => update({ connection: "live" }));
      // Left without asking (the SDK gave up, or the room's process went away): join again.
      room.onLeave((closeCode) => {
        roomRef.current = null;
        if (active && closeCode !== LEFT_BY_CHOICE) void rejoin();
      });
    };
    const rejoin = async () => {
      update({ connection: "reconnecting" });
      for (const wait of REJOIN_WAITS_MS) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (!active) return;
        const joined = await joinRoomWith(code, roundRoomSchemas).catch(() => null);
        if (joined && !active) return void joined.room.leave();
        if (joined) return watch(joined);
      }
      update({ connection: "closed" });
    };
    joinRoomWith(code, roundRoomSchemas).then(
      (joined) => (active ? watch(joined) : void joined.room.leave()),
      // A round whose room is gone (over, or never there) is shown from the API alone.
      () => update({ connection: "closed" }),
    );
    return () => {
      active = false;
      void roomRef.current?.leave();
      roomRef.current = null;
    };
  }, [code, resultType]);

  const send = useCallback((type: string, message: unknown) => {
    roomRef.current?.send(type, message);
  }, []);
  return { ...live, send };
}

/** Colyseus' close code for a client that left on purpose (`room.leave()`). */
export const LEFT_BY_CHOICE = 4000;
/**
 * Waits before each attempt to join a lost room again: a round whose process died is adopted by
 * another once its lease lapses (ROUND_LEASE_SECONDS, 10 s by default), so this spans a minute.
 */
export const REJOIN_WAITS_MS = [
  500, 1_000, 2_000, 3_000, 5_000, 5_000, 8_000, 10_000, 10_000, 15_000,
];
