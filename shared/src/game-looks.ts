/*
 * The colours a player tells the games' outcomes by: the wheel's segments and the coin's faces.
 * The client draws with them, and the browser tests read them back from the screen's pixels to
 * check that the picture lands on the announced result.
 */

/** One colour per wheel segment: numbers 1 to 6 (amber, blue, green, red, purple, teal). */
export const WHEEL_SEGMENT_COLOURS = [0xf59e0b, 0x3b82f6, 0x22c55e, 0xef4444, 0xa855f7, 0x14b8a6];

/** The coin's faces: gold heads, silver tails. */
export const COIN_FACE_COLOURS = { H: 0xf5c542, T: 0xd9dde3 } as const;

/**
 * The lottery drawing's balls, one colour per place (1st gold, then sky, pink, lime, violet,
 * orange, and round again), and the ring that marks the watcher's own winning ticket (green).
 */
export const LOTTERY_BALL_COLOURS = [0xfbbf24, 0x38bdf8, 0xf472b6, 0xa3e635, 0xa78bfa, 0xfb923c];
export const LOTTERY_MINE_COLOUR = 0x22c55e;

/**
 * Where a revealed ball lands, as fractions of the drawing's square: its centre and radius. The
 * browser tests read the landed ball's colour (and the ring around a holder's own) there.
 */
export const LOTTERY_REVEAL_SPOT = { x: 0.5, y: 0.62, radius: 0.11 } as const;
/** The ring around a holder's own ball: this far outside the ball, as a fraction of the square. */
export const LOTTERY_MINE_RING_GAP = 0.03;
