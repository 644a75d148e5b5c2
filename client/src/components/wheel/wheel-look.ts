/** The wheel's colours, one per segment (numbers 1 to 6), shared by its PixiJS and SVG drawings. */
export const WHEEL_SEGMENT_COLOURS = [0xf59e0b, 0x3b82f6, 0x22c55e, 0xef4444, 0xa855f7, 0x14b8a6];
export const WHEEL_INK = 0x0b1120;
