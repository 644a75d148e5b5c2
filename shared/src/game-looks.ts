/*
 * The colours a player tells the games' outcomes by: the wheel's segments and the coin's faces.
 * The client draws with them, and the browser tests read them back from the screen's pixels to
 * check that the picture lands on the announced result.
 */

/** One colour per wheel segment: numbers 1 to 6 (amber, blue, green, red, purple, teal). */
export const WHEEL_SEGMENT_COLOURS = [0xf59e0b, 0x3b82f6, 0x22c55e, 0xef4444, 0xa855f7, 0x14b8a6];

/** The coin's faces: gold heads, silver tails. */
export const COIN_FACE_COLOURS = { H: 0xf5c542, T: 0xd9dde3 } as const;
