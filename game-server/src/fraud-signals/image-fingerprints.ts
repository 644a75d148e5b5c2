import type pg from "pg";
import { hashImage } from "./image-hash.ts";
import { compareImages, IMAGE_MATCH, type ImageFingerprint } from "./image-match.ts";
import { inkMap } from "./ink-map.ts";

/**
 * The earlier screenshots a new one is compared with: those within the hash thresholds, the
 * latest first, at most this many (an ink-map comparison costs a few milliseconds; the hashes
 * let through most receipts of the same banking app, so without a bound a busy operator's
 * thousandth Telebirr receipt would be compared with every one before it).
 */
const MAX_CANDIDATES = 300;

/**
 * Deposit screenshots' fingerprints (image_fingerprints) and the pairs found near-identical
 * (image_matches). A screenshot is fingerprinted when it is stored, and compared then with the
 * earlier ones: the deposit's signals read the matches (request-signals.ts).
 */
export class ImageFingerprints {
  constructor(private readonly db: pg.Pool) {}

  /** Fingerprints a stored image and records which earlier images it matches. Idempotent. */
  async record(image: string, bytes: Buffer): Promise<void> {
    const fingerprint = await fingerprintOf(bytes);
    const { rowCount } = await this.db.query(
      `INSERT INTO image_fingerprints (image, dhash, phash, ink_width, ink_height, ink)
       VALUES ($1, ('x' || $2)::bit(64), ('x' || $3)::bit(64), $4, $5, $6)
       ON CONFLICT (image) DO NOTHING`,
      [
        image,
        fingerprint.dhash,
        fingerprint.phash,
        fingerprint.ink.width,
        fingerprint.ink.height,
        fingerprint.ink.bits,
      ],
    );
    if (rowCount === 0) return;
    for (const candidate of await this.candidates(image, fingerprint)) {
      // A comparison is a few milliseconds of CPU: between two, the rooms and requests of this
      // process get their turn (hundreds in a row would hold the event loop for seconds).
      await new Promise((turn) => setImmediate(turn));
      const compared = compareImages(fingerprint, candidate);
      if (!compared.same) continue;
      await this.db.query(
        `INSERT INTO image_matches (image, earlier_image, dhash_distance, phash_distance, changed_lines)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [image, candidate.image, compared.dhash, compared.phash, compared.changedLines],
      );
    }
  }

  /** Earlier fingerprints within the hash thresholds, latest first. */
  private async candidates(image: string, fingerprint: ImageFingerprint) {
    const { rows } = await this.db.query(
      `SELECT image, dhash::text AS dhash, phash::text AS phash, ink_width, ink_height, ink
         FROM image_fingerprints
        WHERE image <> $1
          AND bit_count(dhash # ('x' || $2)::bit(64)) <= $4
          AND bit_count(phash # ('x' || $3)::bit(64)) <= $5
        ORDER BY fingerprinted_at DESC
        LIMIT $6`,
      [
        image,
        fingerprint.dhash,
        fingerprint.phash,
        IMAGE_MATCH.dhash,
        IMAGE_MATCH.phash,
        MAX_CANDIDATES,
      ],
    );
    return rows.map((row) => ({
      image: row.image as string,
      dhash: hexOfBits(row.dhash),
      phash: hexOfBits(row.phash),
      ink: { width: row.ink_width, height: row.ink_height, bits: row.ink as Buffer },
    }));
  }

  /** Deposit screenshots stored before fingerprints existed (the backfill's work). */
  async unfingerprinted(limit: number): Promise<string[]> {
    const { rows } = await this.db.query(
      `SELECT d.screenshot FROM deposit_requests d
        WHERE d.screenshot IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM image_fingerprints f WHERE f.image = d.screenshot)
        ORDER BY d.requested_at, d.id
        LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.screenshot as string);
  }
}

export async function fingerprintOf(bytes: Buffer): Promise<ImageFingerprint> {
  return { ...(await hashImage(bytes)), ink: await inkMap(bytes) };
}

/** A bit(64) as PostgreSQL prints it ('0101…') in the hashes' hex form. */
const hexOfBits = (bits: string) => BigInt(`0b${bits}`).toString(16).padStart(16, "0");
