import { matchMaker, ServerError } from "@colyseus/core";
import { LOTTERY_DRAWN, LOTTERY_NOT_FOUND, ROOMS } from "@igp/shared";
import type { LotteryOutcome } from "./lottery.room.ts";
import { RedisUnavailableError } from "./redis-connections.ts";
import { bounded } from "./round-rooms.ts";

/** An admin's step waits for the room (a Finish: the close, the notice and the settlement). */
const CALL_TIMEOUT_MS = 120_000;
/** Tickets sold reach a room of another process at most this often (one message per lottery). */
const SOLD_EVERY_MS = 250;

/** What the HTTP routes and the failover ask of lottery rooms, wherever they run. */
export interface LotteryRooms {
  /** Starts the lottery's room here (unless one runs already, here or elsewhere). */
  open(lottery: { code: string }): Promise<void>;
  isRunning(code: string): Promise<boolean>;
  /** An admin's Finish, delete or new out date, decided by the lottery's room. */
  finish(code: string): Promise<LotteryOutcome>;
  remove(code: string): Promise<LotteryOutcome>;
  /** `ip`: the superAdmin's address, for the staff activity log. */
  moveOutDate(code: string, outDate: string, adminId: string, ip?: string): Promise<LotteryOutcome>;
  /** A ticket was sold (its number): the room's ticketsSold follows. */
  sold(code: string, number: number): void;
  stop(): void;
}

type SoldCounter = { sold(tickets: number): void };

/**
 * Lottery rooms through Colyseus' matchmaker. A room of this process is called directly; one of
 * another process over Redis (`remoteRoomCall`). Tickets sold for a room elsewhere are gathered
 * and sent four times a second, so a busy sale costs the room one message, not one per ticket.
 */
export function matchMakerLotteryRooms(redisReady: () => boolean): LotteryRooms {
  const pending = new Map<string, number>();
  const flush = () => {
    for (const [code, tickets] of pending)
      matchMaker.remoteRoomCall(code, "sold", [tickets]).catch(() => {});
    pending.clear();
  };
  const timer = setInterval(flush, SOLD_EVERY_MS);
  timer.unref();

  const rooms: LotteryRooms = {
    async open({ code }) {
      if (!redisReady()) throw new RedisUnavailableError();
      try {
        await matchMaker.createRoom(ROOMS.lottery, { code });
      } catch (error) {
        // Another process holds the lottery's lease (it adopted it meanwhile): its room serves it.
        if (error instanceof ServerError && error.code === 409 && (await rooms.isRunning(code)))
          return;
        throw error;
      }
    },
    async isRunning(code) {
      if (matchMaker.getLocalRoomById(code)) return true;
      return (await matchMaker.query({ roomId: code })).length > 0;
    },
    finish: (code) => call(code, "finish", []),
    remove: (code) => call(code, "remove", []),
    moveOutDate: (code, outDate, adminId, ip) =>
      call(code, "moveOutDate", [outDate, adminId, ip ?? null]),
    sold(code, number) {
      const local = matchMaker.getLocalRoomById(code) as unknown as SoldCounter | undefined;
      if (local) return local.sold(number);
      pending.set(code, Math.max(number, pending.get(code) ?? 0));
    },
    stop() {
      clearInterval(timer);
    },
  };

  /** Calls the room's method wherever it runs, opening the room here when none runs. */
  async function call(code: string, method: string, args: unknown[]): Promise<LotteryOutcome> {
    const missing = await ensureRoom(code);
    if (missing) return missing;
    return bounded(
      matchMaker.remoteRoomCall(code, method, args, CALL_TIMEOUT_MS),
      CALL_TIMEOUT_MS + 1_000,
      redisReady,
    );
  }

  /** A room for the lottery (adoption may not have come yet), or why there is none. */
  async function ensureRoom(code: string): Promise<LotteryOutcome | null> {
    if (matchMaker.getLocalRoomById(code)) return null;
    if (!redisReady()) throw new RedisUnavailableError();
    if (await rooms.isRunning(code)) return null;
    try {
      await rooms.open({ code });
      return null;
    } catch (error) {
      if (error instanceof ServerError && error.code === 404)
        return { ok: false, status: 404, message: LOTTERY_NOT_FOUND };
      if (error instanceof ServerError && error.code === 410)
        return { ok: false, status: 409, message: LOTTERY_DRAWN };
      throw error;
    }
  }

  return rooms;
}
