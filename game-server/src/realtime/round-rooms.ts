import { matchMaker } from "@colyseus/core";
import { GAME_NOT_FOUND, ROOMS } from "@igp/shared";
import type { JoinOutcome } from "../games/coin-flip/coin-flip.room.ts";

/** What the HTTP routes and recovery ask of round rooms, wherever they run. */
export interface RoundRooms {
  /** Starts the room of a registered round whose stream is open. */
  open(roundId: string): Promise<void>;
  /** Asks the round's room (in whichever process holds it) to take this player. */
  join(code: string, userId: string, clientSeed: string): Promise<JoinOutcome>;
  isRunning(code: string): Promise<boolean>;
}

export const matchMakerRoundRooms: RoundRooms = {
  async open(roundId) {
    await matchMaker.createRoom(ROOMS.coinFlip, { roundId });
  },
  async join(code, userId, clientSeed) {
    if (!(await this.isRunning(code))) return { ok: false, status: 404, message: GAME_NOT_FOUND };
    return matchMaker.remoteRoomCall(code, "join", [userId, clientSeed]);
  },
  async isRunning(code) {
    // This process first (a map lookup); other processes through the driver's room cache.
    if (matchMaker.getLocalRoomById(code)) return true;
    return (await matchMaker.query({ roomId: code })).length > 0;
  },
};
