import { matchMaker, ServerError } from "@colyseus/core";
import { GAME_NOT_FOUND, ROUND_ROOMS, type RoundGameType } from "@igp/shared";
import type { JoinOutcome } from "../games/round-kernel/round.room.ts";

/**
 * How long a join may take in a room of another process (over Redis). Colyseus' default (2 s)
 * is for seat reservations; a join moves money, and giving up while the room still works on it
 * would answer an error for a stake that was taken. The ledger's own retries end well before.
 */
const REMOTE_JOIN_TIMEOUT_MS = 30_000;

/** What the HTTP routes and recovery ask of round rooms, of any game, wherever they run. */
export interface RoundRooms {
  /** Starts the room of a registered round whose stream is open (unless one runs already). */
  open(round: { roundId: string; code: string; game: RoundGameType }): Promise<void>;
  /** Asks the round's room (in whichever process holds it) to seat this player. */
  join<G>(code: string, ...args: unknown[]): Promise<JoinOutcome<G>>;
  isRunning(code: string): Promise<boolean>;
}

export const matchMakerRoundRooms: RoundRooms = {
  async open({ roundId, code, game }) {
    try {
      await matchMaker.createRoom(ROUND_ROOMS[game], { roundId });
    } catch (error) {
      // Another process holds the round's lease (it adopted it meanwhile): its room serves it.
      if (error instanceof ServerError && error.code === 409 && (await this.isRunning(code)))
        return;
      throw error;
    }
  },
  async join(code, ...args) {
    if (!(await this.isRunning(code))) return { ok: false, status: 404, message: GAME_NOT_FOUND };
    return matchMaker.remoteRoomCall(code, "join", args, REMOTE_JOIN_TIMEOUT_MS);
  },
  async isRunning(code) {
    // This process first (a map lookup); other processes through the driver's room cache.
    if (matchMaker.getLocalRoomById(code)) return true;
    return (await matchMaker.query({ roomId: code })).length > 0;
  },
};
