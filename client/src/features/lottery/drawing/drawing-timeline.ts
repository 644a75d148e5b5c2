import { LOTTERY_REVEAL_SPOT } from "@igp/shared";

/**
 * The lottery drawing as pure maths: where the drum, its balls and each revealed ball are at a
 * moment of a reveal. No canvas, no DOM, so it runs (and is tested) anywhere. Positions are
 * fractions of the drawing's square; a reveal's progress goes from 0 (the drum starts to turn)
 * to 1 (the ball has landed on the spot, its place and prize shown).
 */

/** A live reveal: the drum turns, a ball comes out and drops onto the spot. */
export const REVEAL_MS = 2_600;
/** With reduced motion the ball takes the same path, just this fast (never skipped). */
export const REDUCED_MOTION_REVEAL_MS = 900;
/** A replay leaves each landed ball this long on the spot before the next one comes. */
export const REPLAY_HOLD_MS = 900;

export const DRUM = { x: 0.5, y: 0.25, radius: 0.2 } as const;
/** Where a ball leaves the drum: the mouth of its chute. */
export const OUTLET = { x: 0.5, y: 0.47 } as const;
export const SPOT = LOTTERY_REVEAL_SPOT;
/** Balls already revealed wait in a rack along the bottom, oldest first, the latest 8. */
export const RACK = { y: 0.935, radius: 0.04, gap: 0.105, slots: 8 } as const;
/** A ball as it comes out of the drum. */
const SMALL_BALL = 0.035;

export interface BallAt {
  /** Which winner (in reveal order) this ball is. */
  index: number;
  x: number;
  y: number;
  radius: number;
}

export interface DrawingFrame {
  /** The drum's turn, radians. */
  drumTurn: number;
  /** 0: the drum's balls lie at the bottom; 1: they tumble. */
  agitation: number;
  /** The ball of the reveal under way or the latest landed, with its label's opacity. */
  current: (BallAt & { labelAlpha: number }) | null;
  /** The ball before it, on its way from the spot into the rack. */
  leaving: BallAt | null;
  /** How many winners, from the first revealed, sit in the rack (at most RACK.slots shown). */
  inRack: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Progress of `p` through the stretch [from, to], 0 to 1. */
const stretch = (p: number, from: number, to: number) => clamp01((p - from) / (to - from));
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const easeInOut = (t: number) => t * t * (3 - 2 * t);
/** The drum turns this much per reveal (a whole number of turns: it rests the same way up). */
const TURNS_PER_REVEAL = 2;

/** The drawing at rest with `landed` winners revealed: the latest on the spot, the others racked. */
export function restingFrame(landed: number): DrawingFrame {
  return {
    drumTurn: 0,
    agitation: 0,
    current: landed > 0 ? { index: landed - 1, ...spotBall(), labelAlpha: 1 } : null,
    leaving: null,
    inRack: Math.max(0, landed - 1),
  };
}

/**
 * The drawing `progress` (0 to 1) into the reveal of winner `index` (0 first). The previous
 * winner leaves the spot for the rack, the drum turns and tumbles its balls, the winner's ball
 * comes out of its mouth, drops down the chute onto the spot, bounces (not with reduced motion)
 * and comes to rest there exactly; then its place and prize fade in.
 */
export function revealFrame(index: number, progress: number, reduced = false): DrawingFrame {
  const p = clamp01(Number.isNaN(progress) ? 0 : progress);
  return {
    drumTurn: easeInOut(stretch(p, 0, 0.55)) * TURNS_PER_REVEAL * 2 * Math.PI,
    agitation: (reduced ? 0.4 : 1) * Math.min(stretch(p, 0, 0.15), 1 - stretch(p, 0.45, 0.75)),
    current:
      p < 0.3 ? null : { index, ...fallingBall(p, reduced), labelAlpha: stretch(p, 0.88, 1) },
    leaving: index > 0 && p < 0.3 ? { index: index - 1, ...toRack(index - 1, p / 0.3) } : null,
    inRack: Math.max(0, index - (p < 0.3 ? 1 : 0)),
  };
}

const spotBall = () => ({ x: SPOT.x, y: SPOT.y, radius: SPOT.radius });

/** The winner's ball from 0.3 on: out of the drum, down the chute, onto the spot. */
function fallingBall(p: number, reduced: boolean) {
  const inside = { x: DRUM.x, y: DRUM.y + DRUM.radius * 0.55 };
  if (p < 0.5) {
    const t = easeInOut(stretch(p, 0.3, 0.5));
    return { x: inside.x, y: lerp(inside.y, OUTLET.y, t), radius: SMALL_BALL };
  }
  // Falling: slow at first, fast at the bottom (gravity), growing nearer to the eye.
  const fall = stretch(p, 0.5, 0.8);
  const y = lerp(OUTLET.y, SPOT.y, fall * fall);
  const radius = lerp(SMALL_BALL, SPOT.radius, easeInOut(fall));
  if (p < 0.8 || reduced) return { x: SPOT.x, y, radius };
  // Two bounces, each lower, ending exactly on the spot.
  const bounce = stretch(p, 0.8, 1);
  const height = 0.05 * (1 - bounce) * Math.abs(Math.sin(bounce * 2 * Math.PI));
  return { x: SPOT.x, y: SPOT.y - height, radius: SPOT.radius };
}

/** The previous winner's ball, `t` (0 to 1) of its way from the spot to its rack slot. */
function toRack(index: number, t: number) {
  const slot = rackSlot(index, index + 1) ?? { x: SPOT.x, y: RACK.y };
  const eased = easeInOut(clamp01(t));
  return {
    x: lerp(SPOT.x, slot.x, eased),
    y: lerp(SPOT.y, slot.y, eased),
    radius: lerp(SPOT.radius, RACK.radius, eased),
  };
}

/**
 * Where the rack shows winner `index` when `count` winners are racked: left to right in reveal
 * order; beyond RACK.slots the oldest make room (null: not shown).
 */
export function rackSlot(index: number, count: number): { x: number; y: number } | null {
  const first = Math.max(0, count - RACK.slots);
  if (index < first || index >= count) return null;
  const left = 0.5 - ((RACK.slots - 1) / 2) * RACK.gap;
  return { x: left + (index - first) * RACK.gap, y: RACK.y };
}

/**
 * The drum's balls: each at rest in a heap at the drum's bottom, and tumbling on
 * its own orbit as the drum turns; `agitation` blends the two. Positions relative to the drum's
 * centre, in fractions of the square.
 */
export function drumBalls(drumTurn: number, agitation: number) {
  return HEAP.map((rest, i) => {
    const orbit = DRUM.radius * (0.35 + ((i * 37) % 11) / 22);
    const angle = i * 2.4 + drumTurn * (1 + (i % 3) * 0.35);
    const tumble = { x: Math.cos(angle) * orbit, y: Math.sin(angle) * orbit };
    return { x: lerp(rest.x, tumble.x, agitation), y: lerp(rest.y, tumble.y, agitation) };
  });
}

/** The drum's balls' radius. */
export const DRUM_BALL = 0.026;
/** The heap at rest: rows of 3, 4, 5 and 4 balls, from the bottom up, inside the drum. */
const HEAP = [3, 4, 5, 4].flatMap((inRow, row) =>
  Array.from({ length: inRow }, (_, j) => ({
    x: (j - (inRow - 1) / 2) * 0.056,
    y: DRUM.radius - 0.04 - row * 0.05,
  })),
);
