import type { Room } from "@colyseus/sdk";
import { type RoundStatus, roomErrorSchema } from "@igp/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { joinRoomById } from "../realtime.ts";

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

/** The message that carries a game's result (`coin`, `spin`) and how to read it. */
export interface ResultMessage<Result> {
  type: string;
  parse(message: unknown): Result;
}

export interface RoundRoom<State, Result> {
  state: State | null;
  result: Result | null;
  /** Sends a message to the room (spin wheel picks); nothing when not connected. */
  send(type: string, message: unknown): void;
}

/** Messages a round room may send that the views read elsewhere (state, the player channel). */
const READ_ELSEWHERE = ["noPlayerJoined", "startNotice", "gameLockedSpin"];

/**
 * Watches one round's room by code: its live state and its result message. A message the room
 * refused comes back as `error`, handed to `onRefused`.
 */
export function useRoundRoom<State extends RoundStateBase, Result>(
  code: string | null,
  resultMessage: ResultMessage<Result>,
  onRefused: (message: string) => void = () => {},
): RoundRoom<State, Result> {
  const [live, setLive] = useState<{ state: State | null; result: Result | null }>({
    state: null,
    result: null,
  });
  const roomRef = useRef<Room | null>(null);
  // Read at message time: a new closure per render must not rejoin the room.
  const latest = useRef({ resultMessage, onRefused });
  latest.current = { resultMessage, onRefused };

  useEffect(() => {
    if (!code) return;
    let active = true;
    const update = (change: Partial<typeof live>) =>
      active && setLive((current) => ({ ...current, ...change }));
    joinRoomById(code).then(
      (room) => {
        if (!active) return void room.leave();
        roomRef.current = room;
        room.onStateChange((state) => update({ state: (state as { toJSON(): State }).toJSON() }));
        room.onMessage(latest.current.resultMessage.type, (message) =>
          update({ result: latest.current.resultMessage.parse(message) }),
        );
        room.onMessage("error", (message) =>
          latest.current.onRefused(roomErrorSchema.parse(message).message),
        );
        for (const type of READ_ELSEWHERE) room.onMessage(type, () => {});
      },
      // A round whose room is gone (over, or never there) is shown from the API alone.
      () => {},
    );
    return () => {
      active = false;
      void roomRef.current?.leave();
      roomRef.current = null;
    };
  }, [code]);

  const send = useCallback((type: string, message: unknown) => {
    roomRef.current?.send(type, message);
  }, []);
  return { ...live, send };
}
