/**
 * The spin wheel's geometry, shared by the server (which sends `finalRotation`) and the client
 * (which animates to it) and the /fair page (which recomputes it): six equal segments, number k
 * at index k - 1, clockwise from the pointer at 12 o'clock when the wheel is at rest.
 *
 * The rotation is a function of the winning number alone, so the animation shows the outcome the
 * seeds decided and nothing the server could choose afterwards.
 */
export const WHEEL_NUMBERS = [1, 2, 3, 4, 5, 6] as const;
export type WheelNumber = (typeof WHEEL_NUMBERS)[number];
export const WHEEL_SEGMENT_DEGREES = 360 / WHEEL_NUMBERS.length;
/** Whole turns the wheel makes before it stops. */
export const WHEEL_FULL_TURNS = 8;
/** The live spin lasts 6 seconds (player spec section 9). */
export const SPIN_SECONDS = 6;

/** The index on the wheel of a number (1 → 0, ..., 6 → 5). */
export const wheelIndexOf = (winnerValue: number): number => winnerValue - 1;

/**
 * Degrees the wheel turns clockwise from rest so that the middle of the winner's segment stops
 * under the pointer: whole turns, then the segment's centre brought back to 12 o'clock.
 */
export function finalRotationFor(winnerValue: number): number {
  const centre = wheelIndexOf(winnerValue) * WHEEL_SEGMENT_DEGREES + WHEEL_SEGMENT_DEGREES / 2;
  return WHEEL_FULL_TURNS * 360 + (360 - centre);
}

/** The number under the pointer after turning the wheel clockwise by `rotation` degrees. */
export function numberAtPointer(rotation: number): number {
  const angle = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.floor(angle / WHEEL_SEGMENT_DEGREES) + 1;
}

/** What the `spin` message and a settled round carry about the wheel's stop. */
export function wheelResultFor(winnerValue: number) {
  return {
    winnerValue,
    winnerIndex: wheelIndexOf(winnerValue),
    finalRotation: finalRotationFor(winnerValue),
  };
}
