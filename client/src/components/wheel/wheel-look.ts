export { WHEEL_SEGMENT_COLOURS } from "@igp/shared";

export const WHEEL_INK = 0x0b1120;
/** The rim, the hub's ring and the pointer. */
export const WHEEL_RIM = 0xf1f5f9;
