import { drawLottery, type LotteryTicket, minorToMajor, type PrizeEntry } from "@igp/shared";
import type { Lottery, LotteryWinner } from "./lottery-registry.ts";

/** The places drawn for, in order: first place wins `winAmount`, then one per prize entry. */
export function placesOf(lottery: Pick<Lottery, "winAmount" | "prizes">): PrizeEntry[] {
  const first = { label: String(minorToMajor(lottery.winAmount)), amount: lottery.winAmount };
  return [first, ...lottery.prizes];
}

export interface HeldTicket extends LotteryTicket {
  userId: string;
}

/**
 * The drawing (docs/fairness.md): winners without replacement among the final tickets, one per
 * place in order; with fewer tickets than places the last places stay unawarded.
 */
export async function drawWinners(
  lottery: Pick<Lottery, "roundId" | "winAmount" | "prizes">,
  serverSeed: string,
  tickets: HeldTicket[],
): Promise<LotteryWinner[]> {
  const places = placesOf(lottery);
  const numbers = await drawLottery(serverSeed, lottery.roundId, tickets, places.length);
  const holder = new Map(tickets.map((ticket) => [ticket.number, ticket.userId]));
  return numbers.map((ticket, index) => ({
    place: index + 1,
    label: places[index]!.label,
    amount: places[index]!.amount,
    ticket,
    userId: holder.get(ticket)!,
  }));
}

/** Money prizes per winner, paid from the house; awards are handed over by the admin. */
export function moneyPrizes(winners: LotteryWinner[]) {
  return winners.flatMap((winner) =>
    winner.amount === null ? [] : [{ userId: winner.userId, amount: winner.amount }],
  );
}
