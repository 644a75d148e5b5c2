import sharp from "sharp";

/**
 * An image's ink map: which pixels stand out from their row's background (text, lines, icons),
 * at a fixed width of WIDTH pixels, one bit each. Stored with the hashes (a few kilobytes).
 *
 * The perceptual hashes (image-hash.ts) see a receipt at 8 x 8: every receipt of one banking app
 * looks the same to them, whatever its amount and reference. The ink map sees the text. Two
 * images are compared by aligning one onto the other (a crop or a scale moves everything) and
 * counting the lines of text that differ: a receipt sent again differs by nothing, or by the one
 * line a cheat wrote on it; two different receipts of one app differ in their reference, their
 * time and usually their amount and names, at least two lines. docs/fraud-signals.md has the
 * measurements.
 */
export interface InkMap {
  width: number;
  height: number;
  /** Row after row, WIDTH bits a row, most significant bit first. */
  bits: Buffer;
}

export const INK_WIDTH = 200;
/** How far a pixel's grey must be from its row's median to be ink (of 255). */
const INK_CONTRAST = 48;

export async function inkMap(bytes: Buffer): Promise<InkMap> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({ width: INK_WIDTH, kernel: "cubic" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const bits = Buffer.alloc(Math.ceil((width * height) / 8));
  for (let y = 0; y < height; y++) {
    const row = data.subarray(y * width, (y + 1) * width);
    const background = median(row);
    for (let x = 0; x < width; x++)
      if (Math.abs(row[x]! - background) > INK_CONTRAST) setBit(bits, y * width + x);
  }
  return { width, height, bits };
}

function median(values: Uint8Array) {
  const counts = new Uint32Array(256);
  for (const value of values) counts[value]!++;
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += counts[level]!;
    if (seen * 2 >= values.length) return level;
  }
  return 255;
}

const setBit = (bits: Buffer, index: number) => {
  bits[index >> 3]! |= 0x80 >> (index & 7);
};
const bitAt = (bits: Buffer, index: number) => (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;

const ink = (map: InkMap, x: number, y: number) =>
  x >= 0 && y >= 0 && x < map.width && y < map.height && bitAt(map.bits, y * map.width + x);

/** How `b` sits on `a`: a's pixel (x, y) is b's (x * scale + dx, y * scale + dy). */
interface Placement {
  scale: number;
  dx: number;
  dy: number;
}

/** Scales tried: a re-sent screenshot is seldom scaled by more than this beyond its width. */
const SCALES = Array.from({ length: 25 }, (_, i) => 0.88 + i * 0.01);
/** How far one image may be shifted on the other, as a share of its size (crops). */
const MAX_SHIFT = 0.1;

/**
 * Where `b` fits best on `a`: the scale and shifts that make their rows' and columns' amounts of
 * ink agree most (a crop and a resize move and stretch those profiles, nothing else).
 */
function place(a: InkMap, b: InkMap): Placement {
  const rowsA = profile(a, "rows");
  const rowsB = profile(b, "rows");
  const colsA = profile(a, "columns");
  const colsB = profile(b, "columns");
  let best = { score: Number.POSITIVE_INFINITY, placement: { scale: 1, dx: 0, dy: 0 } };
  for (const scale of SCALES) {
    const dy = bestShift(rowsA, rowsB, scale, Math.round(a.height * MAX_SHIFT));
    const dx = bestShift(colsA, colsB, scale, Math.round(a.width * MAX_SHIFT));
    const score = dy.score + dx.score;
    if (score < best.score) best = { score, placement: { scale, dx: dx.shift, dy: dy.shift } };
  }
  return best.placement;
}

function profile(map: InkMap, along: "rows" | "columns") {
  const length = along === "rows" ? map.height : map.width;
  const counts = new Float64Array(length);
  for (let y = 0; y < map.height; y++)
    for (let x = 0; x < map.width; x++)
      if (bitAt(map.bits, y * map.width + x)) counts[along === "rows" ? y : x]!++;
  const across = along === "rows" ? map.width : map.height;
  return counts.map((count) => count / across);
}

/** The shift of `b`'s profile, at a scale, that differs least from `a`'s (mean absolute). */
function bestShift(a: Float64Array, b: Float64Array, scale: number, maxShift: number) {
  let best = { score: Number.POSITIVE_INFINITY, shift: 0 };
  for (let shift = -maxShift; shift <= maxShift; shift++) {
    let sum = 0;
    let overlap = 0;
    for (let i = 0; i < a.length; i++) {
      const j = Math.round(i * scale + shift);
      if (j < 0 || j >= b.length) continue;
      sum += Math.abs(a[i]! - b[j]!);
      overlap++;
    }
    // Little overlap proves little: such placements are not taken.
    if (overlap < a.length * 0.75) continue;
    const score = sum / overlap;
    if (score < best.score) best = { score, shift };
  }
  return best;
}

/** A row counts as changed when this many of its pixels are ink in one image only. */
const CHANGED_PIXELS_IN_ROW = 3;

/**
 * The lines of text (runs of rows) in which `a` and `b` differ once `b` is placed on `a`: ink in
 * one that has no ink within a pixel in the other, over the area both images cover.
 */
export function changedLines(a: InkMap, b: InkMap): number {
  const { scale, dx, dy } = place(a, b);
  const inB = (x: number, y: number) => {
    const bx = Math.round(x * scale + dx);
    const by = Math.round(y * scale + dy);
    return bx >= 0 && by >= 0 && bx < b.width && by < b.height ? { bx, by } : null;
  };
  const near = (map: InkMap, x: number, y: number) => {
    for (let oy = -1; oy <= 1; oy++)
      for (let ox = -1; ox <= 1; ox++) if (ink(map, x + ox, y + oy)) return true;
    return false;
  };
  let lines = 0;
  let inLine = false;
  let quiet = 0;
  for (let y = 0; y < a.height; y++) {
    let changed = 0;
    for (let x = 0; x < a.width; x++) {
      const at = inB(x, y);
      if (!at) continue;
      const inkA = ink(a, x, y);
      const inkB = ink(b, at.bx, at.by);
      if (inkA && !near(b, at.bx, at.by)) changed++;
      else if (inkB && !near(a, x, y)) changed++;
    }
    if (changed >= CHANGED_PIXELS_IN_ROW) {
      if (!inLine) lines++;
      inLine = true;
      quiet = 0;
    } else if (inLine && ++quiet > 1) inLine = false;
  }
  return lines;
}
