import type { Lottery, LotteryWinner } from "./lottery-registry.ts";

/**
 * The drawing's reveal (docs/fairness.md): once the drawing is recorded, its winners are shown
 * one by one, the last place first and the first place last, one every `everyMs`, the first
 * `everyMs` after the recording. The schedule is a function of the recording time alone, so a
 * room adopted after a restart shows what is due by now and goes on at the same pace.
 */
export function revealOrder<W extends Pick<LotteryWinner, "place">>(winners: readonly W[]): W[] {
  return [...winners].sort((a, b) => b.place - a.place);
}

/** How many winners are revealed at `now`. */
export function revealedBy(drawnAt: number, winners: number, everyMs: number, now: number) {
  if (everyMs <= 0) return winners;
  return Math.min(winners, Math.max(0, Math.floor((now - drawnAt) / everyMs)));
}

/** When the last winner is revealed (the drawing is then over). */
export const revealEnds = (drawnAt: number, winners: number, everyMs: number) =>
  drawnAt + winners * everyMs;

/**
 * Whether a lottery's drawing is over for everyone: drawn, its last winner revealed, and its
 * prizes paid (the room pays when the reveal ends). Until then the room is revealing it or
 * paying, and nothing public tells its winners ahead of the room, nor a balance its prize. A
 * drawing recorded before its time was kept has no reveal to wait for.
 */
export function drawingOver(
  lottery: Pick<Lottery, "status" | "drawnAt" | "winners" | "paidAt">,
  everyMs: number,
  now = Date.now(),
) {
  if (lottery.status !== "drawn" || !lottery.paidAt) return false;
  if (!lottery.drawnAt) return true;
  return revealEnds(Date.parse(lottery.drawnAt), lottery.winners.length, everyMs) <= now;
}
