import sharp from "sharp";

/**
 * Perceptual hashes of an image: two 64-bit fingerprints that stay nearly the same when the
 * image is re-saved, scaled, slightly cropped or written on, and differ when it shows something
 * else. Compared by Hamming distance (bits that differ). docs/fraud-signals.md gives the
 * measured distances and the thresholds chosen from them.
 *
 * - dHash: the image in grey, shrunk to 9 x 8; each bit says whether a pixel is brighter than
 *   its right neighbour. Cheap and robust to scaling and re-encoding.
 * - pHash: the image in grey, shrunk to 32 x 32; the lowest 8 x 8 frequencies of its discrete
 *   cosine transform (without the constant term), each bit above or below their median. Robust
 *   to small crops and shifts, which move dHash's few pixels.
 *
 * Both are hex strings of 16 digits (64 bits), as PostgreSQL's `bit(64)` takes them ('x' || hex).
 */
export interface ImageHashes {
  dhash: string;
  phash: string;
}

/** How many bits two hashes of the same kind differ by (0 to 64). */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}

/** Both hashes of an image (any format sharp reads; the first frame of an animation). */
export async function hashImage(bytes: Buffer): Promise<ImageHashes> {
  return { dhash: await differenceHash(bytes), phash: await perceptualHash(bytes) };
}

/** The image as grey levels at exactly width x height (stretched: proportions do not matter). */
async function greyPixels(bytes: Buffer, width: number, height: number) {
  const data = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize(width, height, { fit: "fill", kernel: "cubic" })
    .raw()
    .toBuffer();
  return data;
}

async function differenceHash(bytes: Buffer): Promise<string> {
  const pixels = await greyPixels(bytes, 9, 8);
  const bits: boolean[] = [];
  for (let row = 0; row < 8; row++)
    for (let column = 0; column < 8; column++)
      bits.push(pixels[row * 9 + column]! > pixels[row * 9 + column + 1]!);
  return toHex(bits);
}

const SIZE = 32;
const LOW = 8;
/** cos((2x + 1) u pi / 2N) for the lowest LOW frequencies, computed once. */
const COSINES = Array.from({ length: LOW }, (_, u) =>
  Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

async function perceptualHash(bytes: Buffer): Promise<string> {
  const pixels = await greyPixels(bytes, SIZE, SIZE);
  // Separable DCT, only the LOW x LOW coefficients the hash uses: rows first, then columns.
  const rows = Array.from({ length: SIZE }, (_, y) =>
    COSINES.map((cos) => {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += pixels[y * SIZE + x]! * cos[x]!;
      return sum;
    }),
  );
  const coefficients: number[] = [];
  for (let v = 0; v < LOW; v++)
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += rows[y]![u]! * COSINES[v]![y]!;
      coefficients.push(sum);
    }
  // The constant term is the image's mean brightness: it says nothing about its structure.
  const structure = coefficients.slice(1);
  const median = [...structure].sort((a, b) => a - b)[Math.floor(structure.length / 2)]!;
  return toHex(coefficients.map((value, index) => index > 0 && value > median));
}

function toHex(bits: boolean[]): string {
  let value = 0n;
  for (const bit of bits) value = (value << 1n) | (bit ? 1n : 0n);
  return value.toString(16).padStart(16, "0");
}
