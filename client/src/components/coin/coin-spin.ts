/**
 * The coin's flip as pure maths: no PixiJS, no DOM, so it runs (and is tested) anywhere.
 * The server has already decided the outcome; these functions only shape how the coin gets there.
 */

export type CoinFace = "H" | "T";

/** How long a full flip takes before the coin lands. */
export const COIN_SPIN_MS = 15_000;

const MIN_TURNS = 40;
const TURN_CHOICES = 10;
const TAU = 2 * Math.PI;
/** Edge-on the coin keeps a sliver of height, so it never vanishes mid-flip. */
const MIN_SCALE_Y = 0.04;

/**
 * FNV-1a (32-bit) over the UTF-16 code units: tiny, stable across browsers and good enough to
 * spread spin keys over a handful of choices.
 */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Whole turns the coin makes, an integer in [40, 49]; the same text always gives the same count. */
export function fullTurnsFor(seedText: string): number {
  return MIN_TURNS + (hashText(seedText) % TURN_CHOICES);
}

/** Where the coin stops: heads facing after whole turns, tails facing after a further half turn. */
function finalAngle(turns: number, outcome: CoinFace): number {
  return turns * TAU + (outcome === "T" ? Math.PI : 0);
}

/**
 * Cubic ease-out: fast at the toss, slowing into the landing. Plain multiplications (not `**`)
 * keep it monotonic in floating point too.
 */
function easeOutCubic(progress: number): number {
  const remaining = 1 - progress;
  return 1 - remaining * remaining * remaining;
}

/**
 * The flip angle in radians around the coin's horizontal axis, `elapsedMs` into the spin:
 * 0 at the start (heads facing), exactly the final angle from COIN_SPIN_MS on.
 */
export function coinAngleAt(elapsedMs: number, turns: number, outcome: CoinFace): number {
  // `!(x > 0)` also catches NaN, which would otherwise slip through the clamp.
  if (!(elapsedMs > 0)) return 0;
  if (elapsedMs >= COIN_SPIN_MS) return finalAngle(turns, outcome);
  return easeOutCubic(elapsedMs / COIN_SPIN_MS) * finalAngle(turns, outcome);
}

/** The face towards the viewer: heads while the heads side's normal points at us. */
export function faceShown(angle: number): CoinFace {
  return Math.cos(angle) >= 0 ? "H" : "T";
}

/** The coin's apparent height (1 = face on), which is what makes a flat disc look like it flips. */
export function coinScaleY(angle: number): number {
  return Math.max(MIN_SCALE_Y, Math.abs(Math.cos(angle)));
}
