import { matchMaker, ServerError } from "@colyseus/core";
import { GAME_NOT_FOUND, ROUND_ROOMS } from "@igp/shared";
import type { RoomsToRecover } from "../games/round-kernel/round-recovery.ts";
import type { JoinOutcome } from "../games/round-kernel/round-table.ts";
import { RedisUnavailableError } from "./redis-connections.ts";

/**
 * How long a join may take in a room of another process (over Redis). Colyseus' default (2 s)
 * is for seat reservations; a join moves money, and giving up while the room still works on it
 * would answer an error for a stake that was taken. The ledger's own retries end well before.
 */
const REMOTE_JOIN_TIMEOUT_MS = 30_000;

/** What the HTTP routes and recovery ask of round rooms, of any game, wherever they run. */
export interface RoundRooms extends RoomsToRecover {
  /** Throws RedisUnavailableError when no room could be opened now (before any money moves). */
  checkOpenable(): void;
  /** Asks the round's room (in whichever process holds it) to seat this player. */
  join<G>(code: string, ...args: unknown[]): Promise<JoinOutcome<G>>;
}

/**
 * Round rooms through Colyseus' matchmaker. `redisReady` says whether the rooms of other
 * processes (and the listing of new ones) can be reached: while it says no, opening a room is
 * refused at once and so is a join in another process' room, but a join in a room of this
 * process goes ahead (it needs no Redis).
 */
export const matchMakerRoundRooms = (redisReady: () => boolean): RoundRooms => ({
  checkOpenable() {
    if (!redisReady()) throw new RedisUnavailableError();
  },
  async open({ roundId, code, game }) {
    this.checkOpenable();
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
    const local = matchMaker.getLocalRoomById(code);
    if (!local && !redisReady()) throw new RedisUnavailableError();
    if (!local && !(await this.isRunning(code)))
      return { ok: false, status: 404, message: GAME_NOT_FOUND };
    return bounded(
      matchMaker.remoteRoomCall(code, "join", args, REMOTE_JOIN_TIMEOUT_MS),
      REMOTE_JOIN_TIMEOUT_MS + 1_000,
      redisReady,
    );
  },
  async isRunning(code) {
    // This process first (a map lookup); other processes through the driver's room cache.
    if (matchMaker.getLocalRoomById(code)) return true;
    return (await matchMaker.query({ roomId: code })).length > 0;
  },
});

/**
 * A remote call that never settles is cut off: Colyseus' own timeout starts only once its
 * request is published, so a subscription that failed first (Redis gone meanwhile) would hold
 * the request for ever.
 */
export function bounded<T>(call: Promise<T>, ms: number, redisReady: () => boolean): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const cutOff = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(redisReady() ? new Error("The room did not answer.") : new RedisUnavailableError()),
      ms,
    );
  });
  return Promise.race([call, cutOff]).finally(() => clearTimeout(timer));
}
