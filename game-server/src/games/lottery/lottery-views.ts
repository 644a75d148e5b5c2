import type { LotteryView, MyTicket, PrizeEntry } from "@igp/shared";
import { minorToMajor } from "@igp/shared";
import type pg from "pg";
import { placesOf } from "./lottery.rules.ts";
import type { Lottery, LotteryRegistry, LotteryWinner } from "./lottery-registry.ts";
import { drawingOver } from "./lottery-reveal.ts";

type Which = { codes: string[] } | { selling: true };

const money = (minor: number | null) => (minor === null ? null : minorToMajor(minor));

/** Whose view: the public's follows the room's reveal; the back office's, the record. */
type Seen = "public" | "staff";

/**
 * What a player sees of a lottery's status: open until the out date, then closed, drawing
 * until its room has revealed the last winner and paid the prizes (lottery-reveal.ts), then
 * drawn.
 */
function statusOf(
  lottery: Pick<Lottery, "status" | "outDate" | "drawnAt" | "paidAt" | "winners">,
  revealEveryMs: number,
  seen: Seen = "public",
  now = Date.now(),
): LotteryView["status"] {
  if (lottery.status === "drawn")
    return seen === "staff" || drawingOver(lottery, revealEveryMs, now) ? "drawn" : "drawing";
  if (lottery.status === "drawing") return "drawing";
  return Date.parse(lottery.outDate) > now ? "open" : "closed";
}

type Deps = { pool: pg.Pool; lotteries: { registry: LotteryRegistry; revealEveryMs: number } };

/** Lotteries as the back office sees them: who won each place, to pay or hand over. */
export async function adminLotteryViews(deps: Deps, codes: string[]) {
  const views = await lotteryViews(deps, { codes }, "staff");
  const found = await Promise.all(codes.map((code) => deps.lotteries.registry.byCode(code)));
  const lotteries = found.filter((lottery): lottery is Lottery => lottery !== null);
  const names = await fullNames(deps.pool, lotteries);
  return views.map((view) => {
    const winners = lotteries.find((lottery) => lottery.code === view.code)?.winners ?? [];
    return {
      ...view,
      winners: view.winners.map((winner, index) => {
        const player = winners[index]?.userId ?? "";
        return { ...winner, player, fullName: names.get(player) ?? "" };
      }),
    };
  });
}

/**
 * Lotteries as the API shows them to anyone (amounts in major units): the winners and the seed
 * once the room has revealed them, not before.
 */
export async function lotteryViews(deps: Deps, which: Which, seen: Seen = "public") {
  const registry = deps.lotteries.registry;
  const found =
    "selling" in which
      ? await registry.selling()
      : (await Promise.all(which.codes.map((code) => registry.byCode(code)))).filter(
          (lottery): lottery is Lottery => lottery !== null && lottery.status !== "deleting",
        );
  const sold = await registry.ticketsSold(found.map((lottery) => lottery.roundId));
  return found.map((lottery) => {
    const image = `/image/${lottery.banner}`;
    const prizeList = placesOf(lottery).map((place, index) => ({
      place: index + 1,
      label: place.label,
      amount: money(place.amount),
    }));
    const status = statusOf(lottery, deps.lotteries.revealEveryMs, seen);
    const told = status === "drawn" ? lottery.winners : [];
    const winners = told.map((winner) => ({
      place: winner.place,
      label: winner.label,
      amount: money(winner.amount),
      winnerLotteryNumber: winner.ticket,
    }));
    const card = {
      image,
      title: lottery.title,
      price: minorToMajor(lottery.ticketPrice),
      winAmount: minorToMajor(lottery.winAmount),
      outDate: lottery.outDate,
      prizes: lottery.prizesText,
    };
    return {
      id: lottery.id,
      type: "lottery" as const,
      code: lottery.code,
      title: lottery.title,
      image,
      betAmount: card.price,
      winAmount: card.winAmount,
      outDate: lottery.outDate,
      prizes: lottery.prizesText,
      prizeList,
      status,
      ticketsSold: sold.get(lottery.roundId) ?? 0,
      createdAt: lottery.createdAt,
      commitment: lottery.commitment,
      serverSeed: status === "drawn" ? lottery.serverSeed : null,
      winners,
      lotterySpecific: [card],
    };
  });
}

async function fullNames(pool: pg.Pool, lotteries: Lottery[]) {
  const ids = lotteries.flatMap((lottery) => lottery.winners.map((winner) => winner.userId));
  if (ids.length === 0) return new Map<string, string>();
  const { rows } = await pool.query(
    "SELECT id::text, full_name FROM users WHERE id = ANY($1::uuid[])",
    [ids],
  );
  return new Map(rows.map((row) => [row.id as string, row.full_name as string]));
}

const placeOf = (winners: LotteryWinner[], ticket: number) =>
  winners.find((winner) => winner.ticket === ticket)?.place ?? null;

const prizeOf = (place: number, entry: PrizeEntry) => ({
  place,
  label: entry.label,
  amount: money(entry.amount),
});

/** A player's tickets (the projection), newest first, with what each won once revealed. */
export async function myTickets(deps: Deps, userId: string, code?: string): Promise<MyTicket[]> {
  const { rows } = await deps.pool.query(
    `SELECT t.number, t.amount, t.bought_at, l.* FROM lottery_tickets t
       JOIN lotteries l ON l.round_id::text = t.round_id
     WHERE t.user_id = $1 AND t.status = 'held' AND l.status <> 'deleted'
       AND ($2::text IS NULL OR l.code = $2)
     ORDER BY t.bought_at DESC, t.number DESC LIMIT 1000`,
    [userId, code ?? null],
  );
  return rows.map((row) => {
    const lottery = {
      outDate: new Date(row.out_date).toISOString(),
      status: row.status,
      drawnAt: row.drawn_at ? new Date(row.drawn_at).toISOString() : null,
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      winners: row.winners ?? [],
    };
    const status = statusOf(lottery, deps.lotteries.revealEveryMs);
    const places = placesOf({ winAmount: Number(row.win_amount), prizes: row.prizes });
    // The place from the recorded drawing, as the lottery's view tells it (the projection's
    // place follows the settlement a moment later).
    const won = status === "drawn" ? placeOf(lottery.winners, row.number) : null;
    return {
      code: row.code,
      title: row.title,
      myLotteryNumber: row.number,
      betAmount: minorToMajor(Number(row.amount)),
      boughtAt: new Date(row.bought_at).toISOString(),
      lotteryStatus: status,
      outDate: lottery.outDate,
      prize: won === null ? null : prizeOf(won, places[won - 1]!),
    };
  });
}
