import { SPIN_SECONDS, WHEEL_NUMBERS, WHEEL_SEGMENT_DEGREES } from "@igp/shared";

/**
 * The wheel's spin and drawing as pure maths: no PixiJS, no DOM, so it runs (and is tested)
 * anywhere. The server has decided the winner and the final rotation (shared/src/wheel.ts:
 * degrees clockwise from rest, number k's segment k - 1 clockwise from 12 o'clock); these
 * functions only shape how the wheel gets there and where each segment is drawn.
 */

/** The live spin: 6 seconds (player spec, section 9). */
export const WHEEL_SPIN_MS = SPIN_SECONDS * 1000;

/** Angles on the canvas are PixiJS's: radians, 0 at 3 o'clock, growing clockwise (y points down). */
const TWELVE_O_CLOCK = -Math.PI / 2;
const DEGREE = Math.PI / 180;

/** Where segment `index` (number index + 1) is drawn on the wheel at rest, in canvas radians. */
export function segmentArc(index: number): { start: number; end: number; middle: number } {
  const start = TWELVE_O_CLOCK + index * WHEEL_SEGMENT_DEGREES * DEGREE;
  const end = start + WHEEL_SEGMENT_DEGREES * DEGREE;
  return { start, end, middle: (start + end) / 2 };
}

/**
 * The segment under the pointer (at 12 o'clock) once the wheel has turned `rotation` degrees
 * clockwise, read off the drawing: the pointer sees the wheel's point at 12 o'clock minus the
 * rotation.
 */
export function segmentAtPointer(rotation: number): number {
  const seen = TWELVE_O_CLOCK - rotation * DEGREE;
  const turn = 2 * Math.PI;
  return WHEEL_NUMBERS.findIndex((_, index) => {
    const { start } = segmentArc(index);
    const offset = (((seen - start) % turn) + turn) % turn;
    return offset < WHEEL_SEGMENT_DEGREES * DEGREE;
  });
}

/**
 * Cubic ease-out: fast at the start, slowing into the stop. Plain multiplications (not `**`) keep
 * it monotonic in floating point too.
 */
function easeOutCubic(progress: number): number {
  const remaining = 1 - progress;
  return 1 - remaining * remaining * remaining;
}

/**
 * The wheel's rotation in degrees `elapsedMs` into a spin of `spinMs` (the live 6 s unless told;
 * the demo's is 4 s): 0 at first, exactly the final one from `spinMs` on.
 */
export function wheelRotationAt(
  elapsedMs: number,
  finalRotation: number,
  spinMs = WHEEL_SPIN_MS,
): number {
  // `!(x > 0)` also catches NaN, which would otherwise slip through the clamp.
  if (!(elapsedMs > 0)) return 0;
  if (elapsedMs >= spinMs) return finalRotation;
  return easeOutCubic(elapsedMs / spinMs) * finalRotation;
}
