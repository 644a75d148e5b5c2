export { WHEEL_SEGMENT_COLOURS } from "@igp/shared";

export const WHEEL_INK = 0x0b1120;
/** The rim, the hub's ring and the pointer. */
export const WHEEL_RIM = 0xf1f5f9;

/** The wheel's radius and the pointer's height (also its base's width), as parts of the square. */
export const WHEEL_RADIUS = 0.44;
export const WHEEL_POINTER_SIZE = 0.07;

/** Degrees of the rim the pointer's base spans either side of 12 o'clock (4.5°). */
export const POINTER_HALF_WIDTH_DEGREES =
  (Math.atan(WHEEL_POINTER_SIZE / 2 / WHEEL_RADIUS) * 180) / Math.PI;
