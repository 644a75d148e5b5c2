import type { Client, Room } from "@colyseus/core";

/** A message no handler takes gets told so; the room carries on. */
export function answerUnknown(client: Client, type: string | number) {
  refuse(
    client,
    `Unknown message "${String(type).slice(0, 40)}": this room takes no such message; play through the API.`,
  );
}

/** The answer to a refused message (docs/realtime.md: `error`). */
export function refuse(client: Client, message: string) {
  client.send("error", { message });
}

/**
 * A dropped client's seat is kept for the grace period (Colyseus reconnection: the SDK comes back
 * by itself with its reconnection token); after it, the client has left.
 */
export function keepSeat(room: Room, client: Client, graceSeconds: number) {
  if (graceSeconds <= 0) return;
  // Not awaited: Colyseus finishes the leave (onLeave) itself when the grace period ends.
  room.allowReconnection(client, graceSeconds).catch(() => {});
}
