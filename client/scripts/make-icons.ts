import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

/**
 * Writes the app icons to client/public/icons (the web app manifest's): a gold coin on the site's
 * dark background, drawn from circles only with 4x4 supersampling, as RGBA PNGs; and the same coin
 * as client/public/favicon.ico (16, 32 and 48 px) and favicon.svg. Deterministic, so running it
 * again gives the same bytes. Run from the repository root:
 * `npx tsx client/scripts/make-icons.ts`.
 */

type Rgb = [number, number, number];
const BACKGROUND: Rgb = [0x0b, 0x11, 0x20];
const RIM: Rgb = [0xb8, 0x86, 0x0b];
const FACE: Rgb = [0xf5, 0xc5, 0x42];
const INK: Rgb = [0x7a, 0x5c, 0x00];

/** The colour at a point of the unit square (0..1), centre at 0.5; `scale` shrinks the coin. */
function colourAt(x: number, y: number, scale: number): Rgb {
  const r = Math.hypot(x - 0.5, y - 0.5) / scale;
  if (r > 0.42) return BACKGROUND;
  if (r > 0.36) return RIM;
  if (r > 0.335) return INK;
  // An engraved ring and, in the middle, a six-pointed star of the six wheel numbers' segments.
  if (r > 0.29 && r < 0.305) return INK;
  const angle = Math.atan2(y - 0.5, x - 0.5);
  const star = 0.16 + 0.07 * Math.cos(6 * angle);
  return r < star ? INK : FACE;
}

function pixels(size: number, scale: number): Buffer {
  const samples = 4;
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let py = 0; py < size; py++) {
    const row = py * (1 + size * 4);
    rows[row] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
            scale,
          );
          for (let c = 0; c < 3; c++) sum[c]! += colour[c]!;
        }
      }
      const at = row + 1 + px * 4;
      for (let c = 0; c < 3; c++) rows[at + c] = Math.round(sum[c]! / samples ** 2);
      rows[at + 3] = 255;
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, scale: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels(size, scale), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An .ico of PNG images (every browser since 2010 reads PNG inside ICO), for /favicon.ico. */
function ico(sizes: number[]): Buffer {
  const images = sizes.map((size) => png(size, 1.1));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const entry = 6 + 16 * i;
    header[entry] = size % 256; // 0 means 256
    header[entry + 1] = size % 256;
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(images[i]!.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += images[i]!.length;
  });
  return Buffer.concat([header, ...images]);
}

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** The same coin as SVG (the favicon and the header's brand), in a 100 x 100 box. */
function svg(): string {
  const star = Array.from({ length: 72 }, (_, i) => {
    const angle = (i / 72) * 2 * Math.PI;
    const r = 100 * (0.16 + 0.07 * Math.cos(6 * angle));
    return `${(50 + r * Math.cos(angle)).toFixed(2)},${(50 + r * Math.sin(angle)).toFixed(2)}`;
  }).join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<title>Instant Games</title>
<rect width="100" height="100" rx="18" fill="${hex(BACKGROUND)}"/>
<circle cx="50" cy="50" r="42" fill="${hex(RIM)}"/>
<circle cx="50" cy="50" r="35.3" fill="${hex(INK)}"/>
<circle cx="50" cy="50" r="33.5" fill="${hex(FACE)}"/>
<circle cx="50" cy="50" r="29.75" fill="none" stroke="${hex(INK)}" stroke-width="1.5"/>
<polygon points="${star}" fill="${hex(INK)}"/>
</svg>
`;
}

const publicDir = path.resolve(import.meta.dirname, "../public");
writeFileSync(path.join(publicDir, "favicon.ico"), ico([16, 32, 48]));
writeFileSync(path.join(publicDir, "favicon.svg"), svg());

const out = path.resolve(import.meta.dirname, "../public/icons");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "icon-192.png"), png(192, 1.1));
writeFileSync(path.join(out, "icon-512.png"), png(512, 1.1));
// Maskable: Android crops to a circle or squircle; the coin stays inside the 80% safe zone.
writeFileSync(path.join(out, "maskable-512.png"), png(512, 0.9));
writeFileSync(path.join(out, "apple-touch-icon-180.png"), png(180, 1.0));
console.log(`icons written to ${out}`);
