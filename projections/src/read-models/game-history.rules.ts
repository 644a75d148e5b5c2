import { type JsonValue, parseStreamId, type Transfer } from "@igp/ledger";

/** One pick of a stake: a coin side, a wheel number or a lottery ticket number. */
export type Pick = string | number;

/**
 * What a stake picked, as its game records it: a coin flip's side, a spin wheel's numbers, a
 * lottery ticket's number (the stake's number in the round). Nothing when it recorded none.
 */
export function picksOf(
  game: string,
  stake: { selection?: Record<string, JsonValue>; number?: number },
): Pick[] {
  if (game === "lottery") return stake.number === undefined ? [] : [stake.number];
  if (game === "spin-wheel") {
    const numbers = stake.selection?.numbers;
    return Array.isArray(numbers) ? numbers.filter((n) => typeof n === "number") : [];
  }
  const side = stake.selection?.side;
  return typeof side === "string" ? [side] : [];
}

/** Transfers to wallets summed per player (payouts, prizes, refunds all go to wallets). */
export function creditsByPlayer(transfers: Transfer[]): Map<string, number> {
  const credits = new Map<string, number>();
  for (const transfer of transfers) {
    const { kind, id } = parseStreamId(transfer.to);
    if (kind === "wallet") credits.set(id, (credits.get(id) ?? 0) + transfer.amount);
  }
  return credits;
}

/** The places a drawing recorded per player (a lottery's `draw.winners`; none for other games). */
export function placesByPlayer(draw: Record<string, JsonValue> | undefined): Map<string, number[]> {
  const places = new Map<string, number[]>();
  const winners = Array.isArray(draw?.winners) ? draw.winners : [];
  for (const winner of winners) {
    if (typeof winner !== "object" || winner === null || Array.isArray(winner)) continue;
    const { userId, place } = winner;
    if (typeof userId !== "string" || typeof place !== "number") continue;
    places.set(
      userId,
      [...(places.get(userId) ?? []), place].sort((a, b) => a - b),
    );
  }
  return places;
}

/** A round's code as its opening recorded it (coin flip, spin wheel and lottery all do). */
export function codeOf(details: Record<string, JsonValue> | undefined): string | null {
  return typeof details?.code === "string" ? details.code : null;
}
