import { type LotteryMessage, minorToMajor } from "@igp/shared";
import type { DrawnListener } from "./lottery-rounds.ts";

/** A message to one player's channel (realtime/notifications.ts implements it). */
export interface PlayerNotices {
  toUser(userId: string, type: string, payload: unknown): void;
}

/**
 * The `lottery` message (docs/realtime.md): once drawn, every ticket holder hears, on their
 * player channel, which tickets they held and which tickets won.
 */
export function tellTicketHolders(notifications: PlayerNotices): DrawnListener {
  return (lottery, holders) => {
    const winners = lottery.winners.map((winner) => ({
      place: winner.place,
      label: winner.label,
      amount: winner.amount === null ? null : minorToMajor(winner.amount),
      winnerLotteryNumber: winner.ticket,
    }));
    for (const [userId, numbers] of holders) {
      const message: LotteryMessage = {
        code: lottery.code,
        title: lottery.title,
        tickets: numbers.map((myLotteryNumber) => ({ myLotteryNumber })),
        winners,
      };
      notifications.toUser(userId, "lottery", message);
    }
  };
}
