import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { invalid } from "../domain-error.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const ACCEPTED = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
} as const;
type AcceptedType = keyof typeof ACCEPTED;

/** The names `save` gives: 128 random bits in hex and the format's extension. */
export const IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export const CONTENT_TYPES: Record<string, AcceptedType> = Object.fromEntries(
  Object.entries(ACCEPTED).map(([type, extension]) => [extension, type as AcceptedType]),
);

/**
 * The largest an image is kept: a phone screenshot (a deposit proof) stays legible, a lottery
 * banner stays sharp on a phone's screen at twice its density, and neither weighs megabytes.
 */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 2400;
const WEBP_QUALITY = 82;

/**
 * Uploaded images: recognised by their bytes (never their name or declared type), re-encoded so
 * that metadata (EXIF, GPS, comments) and anything hidden after the image are dropped, and stored
 * under a random name outside the code tree. Every upload is kept as WebP (what every browser our
 * players use shows, far lighter than PNG or JPEG), no larger than MAX_WIDTH x MAX_HEIGHT; images
 * stored in their own format before that are still served as they are.
 */
export function createImageStore(directory: string) {
  return {
    directory,
    /** Stores the image and returns its file name; refuses (invalid: a 400) anything that is not an image. */
    async save(bytes: Buffer): Promise<string> {
      const detected = await fileTypeFromBuffer(bytes);
      if (!detected || !(detected.mime in ACCEPTED)) {
        throw invalid("Only PNG, JPEG, GIF or WebP images are accepted.");
      }
      const clean = await toWebp(bytes, detected.mime as AcceptedType);
      const name = `${randomBytes(16).toString("hex")}.webp`;
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, name), clean, { mode: 0o644 });
      return name;
    },
    /** The bytes and type of a stored image, or null for any name it did not give out. */
    async load(name: string): Promise<{ bytes: Buffer; type: AcceptedType } | null> {
      const match = IMAGE_NAME.exec(name);
      if (!match) return null;
      try {
        return {
          bytes: await readFile(path.join(directory, name)),
          type: CONTENT_TYPES[match[1]!]!,
        };
      } catch {
        return null;
      }
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

/** Decodes, turns upright, shrinks to fit and encodes as WebP (animations kept); no metadata. */
async function toWebp(bytes: Buffer, mime: AcceptedType): Promise<Buffer> {
  try {
    return await sharp(bytes, {
      animated: mime === "image/gif" || mime === "image/webp",
      limitInputPixels: 40_000_000,
    })
      .rotate()
      .resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw invalid("The image could not be read.");
  }
}
