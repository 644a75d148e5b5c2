import type { Client, Room } from "@colyseus/sdk";

/**
 * The realtime connection (Colyseus, same origin as the API; docs/realtime.md). The SDK loads on
 * first use so the first page stays small. Joins are authenticated by the session's cookie: the
 * SDK's matchmaking requests go to this origin with the browser's credentials.
 */
let client: Promise<Client> | null = null;

/** Starts fetching the SDK now (a screen about to join a room), without connecting. */
export function preloadRealtime(): Promise<Client> {
  client ??= import("@colyseus/sdk").then(({ Client }) => new Client(window.location.origin));
  return client;
}

const realtimeClient = preloadRealtime;

/** Colyseus' close code for a client that left on purpose (`room.leave()`): not a loss. */
export const LEFT_BY_CHOICE = 4000;

export async function joinRoomById(roomId: string): Promise<Room> {
  return (await realtimeClient()).joinById(roomId);
}

export async function joinOrCreateRoom(name: string, options: Record<string, unknown> = {}) {
  return (await realtimeClient()).joinOrCreate(name, options);
}
