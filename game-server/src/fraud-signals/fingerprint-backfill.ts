import type { ImageStore } from "../uploads/image-store.ts";
import type { Worker } from "../workers/background-workers.ts";
import type { ImageFingerprints } from "./image-fingerprints.ts";

const BATCH = 20;

/**
 * Fingerprints the deposit screenshots stored before fingerprints existed (or whose upload's
 * fingerprinting failed), oldest first, then stops: a background worker, so that one process
 * does it, after every start (it finds nothing left on later starts). Screenshots missing from
 * the disk are skipped and counted in one line. docs/fraud-signals.md, "Backfill".
 */
export function fingerprintBackfill(
  fingerprints: ImageFingerprints,
  images: Pick<ImageStore, "load">,
  log: (message: string, error?: unknown) => void,
): Worker {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  async function run() {
    const skipped = new Set<string>();
    let done = 0;
    let missing = 0;
    while (!stopped) {
      const batch = (await fingerprints.unfingerprinted(BATCH + skipped.size)).filter(
        (image) => !skipped.has(image),
      );
      if (batch.length === 0) break;
      for (const image of batch) {
        if (stopped) return;
        const stored = await images.load(image);
        if (!stored) {
          skipped.add(image);
          missing++;
          continue;
        }
        try {
          await fingerprints.record(image, stored.bytes);
          done++;
        } catch (error) {
          skipped.add(image);
          log(`Could not fingerprint the deposit screenshot ${image}.`, error);
        }
      }
    }
    if (done > 0) log(`Fingerprinted ${done} earlier deposit screenshots.`);
    // Not an error of this process: the files are gone (a restore without the uploads folder).
    if (missing > 0) log(`${missing} deposit screenshots are not on disk: no fingerprint taken.`);
  }
  return {
    async start() {
      stopped = false;
      running = run().catch((error) =>
        log("The screenshots' fingerprint backfill stopped.", error),
      );
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
