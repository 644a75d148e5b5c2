import { hammingDistance, type ImageHashes } from "./image-hash.ts";
import { changedLines, type InkMap } from "./ink-map.ts";

/** What is kept of a stored image to find it again: its hashes and its ink map. */
export interface ImageFingerprint extends ImageHashes {
  ink: InkMap;
}

/**
 * When two stored images count as "the same or near-identical". First the perceptual hashes,
 * each within its threshold (bits of 64): a cheap filter the database applies to every stored
 * image (image-fingerprints.ts), which lets through every edit of the test set and, as it must,
 * most receipts of the same app. Then the ink maps: at most MAX_CHANGED_LINES lines of text
 * differ once aligned (a line written on a re-sent receipt; a different receipt changes more).
 * Thresholds chosen from `npm run bench:image-hash` (docs/fraud-signals.md gives the figures).
 */
export const IMAGE_MATCH = { dhash: 16, phash: 16, maxChangedLines: 1 } as const;

export interface ImageComparison {
  dhash: number;
  phash: number;
  /** Null when the hashes already tell the images apart (the ink maps were not compared). */
  changedLines: number | null;
  same: boolean;
}

export function hashesClose(a: ImageHashes, b: ImageHashes) {
  return (
    hammingDistance(a.dhash, b.dhash) <= IMAGE_MATCH.dhash &&
    hammingDistance(a.phash, b.phash) <= IMAGE_MATCH.phash
  );
}

export function compareImages(a: ImageFingerprint, b: ImageFingerprint): ImageComparison {
  const dhash = hammingDistance(a.dhash, b.dhash);
  const phash = hammingDistance(a.phash, b.phash);
  if (!hashesClose(a, b)) return { dhash, phash, changedLines: null, same: false };
  const lines = changedLines(a.ink, b.ink);
  return { dhash, phash, changedLines: lines, same: lines <= IMAGE_MATCH.maxChangedLines };
}
