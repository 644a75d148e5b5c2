import type { Room } from "@colyseus/sdk";
import { joinRoomById, preloadRealtime } from "./realtime.ts";

/** A room joined, with what reading its messages takes. */
export interface JoinedRoom<Loaded> {
  room: Room;
  loaded: Loaded;
}

/**
 * Joins a room with what reading its messages takes at hand: their schemas (zod), loaded with
 * the realtime SDK rather than with the page, so that zod stays off the page's first download.
 * Both download at once; the room is joined once the schemas are in, so that its handlers are
 * in place before its first state or message arrives. Schemas that cannot be loaded (offline)
 * fail the join as a join that cannot connect does.
 */
export async function joinRoomWith<Loaded>(
  roomId: string,
  load: () => Promise<Loaded>,
): Promise<JoinedRoom<Loaded>> {
  const [loaded] = await Promise.all([load(), preloadRealtime()]);
  return { room: await joinRoomById(roomId), loaded };
}
