import type { Room } from "@colyseus/sdk";
import { type LobbyRoundView, lobbyRoundSchema, ROOMS } from "@igp/shared";
import { z } from "zod";
import { joinOrCreateRoom } from "../realtime.ts";

const lobbyStateSchema = z.object({ rounds: z.record(z.string(), lobbyRoundSchema) });

/**
 * Joins the lobby room (loaded on demand, with the realtime SDK, after the first list has
 * painted): `onRounds` gets every public round of every game at each change of its state.
 */
export async function joinLobby(onRounds: (rounds: LobbyRoundView[]) => void): Promise<Room> {
  const room = await joinOrCreateRoom(ROOMS.lobby);
  room.onStateChange((state) => {
    const { rounds } = lobbyStateSchema.parse((state as { toJSON(): unknown }).toJSON());
    onRounds(Object.values(rounds));
  });
  // Lists refresh from the state; the message only says a lock happened.
  room.onMessage("gameLockedSpin", () => {});
  return room;
}
