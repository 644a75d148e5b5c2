import type { Client, Room } from "@colyseus/sdk";
import { tokenStore } from "./api-client.ts";

/**
 * The realtime connection (Colyseus, same origin as the API; docs/realtime.md). The SDK loads on
 * first use so the first page stays small; every join carries the stored token.
 */
let client: Promise<Client> | null = null;

/** Starts fetching the SDK now (a screen about to join a room), without connecting. */
export function preloadRealtime(): Promise<Client> {
  client ??= import("@colyseus/sdk").then(({ Client }) => new Client(window.location.origin));
  return client;
}

async function realtimeClient(): Promise<Client> {
  const ready = await preloadRealtime();
  ready.auth.token = tokenStore.get() ?? "";
  return ready;
}

export async function joinRoomById(roomId: string): Promise<Room> {
  return (await realtimeClient()).joinById(roomId);
}

export async function joinOrCreateRoom(name: string, options: Record<string, unknown> = {}) {
  return (await realtimeClient()).joinOrCreate(name, options);
}
