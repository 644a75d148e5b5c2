import type { ImageStore } from "../uploads/image-store.ts";
import type { Worker } from "../workers/background-workers.ts";
import type { ImageFingerprints } from "./image-fingerprints.ts";

const BATCH = 20;

/**
 * Fingerprints the deposit screenshots stored before fingerprints existed (or whose upload's
 * fingerprinting failed), oldest first, then stops: a background worker, so that one process
 * does it, after every start (it finds nothing left on later starts). A screenshot missing from
 * the disk is skipped and logged. docs/fraud-signals.md, "Backfill".
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
    while (!stopped) {
      const batch = (await fingerprints.unfingerprinted(BATCH + skipped.size)).filter(
        (image) => !skipped.has(image),
      );
      if (batch.length === 0) break;
      for (const image of batch) {
        if (stopped) return;
        const stored = await images.load(image);
        try {
          if (!stored) throw new Error("not on disk");
          await fingerprints.record(image, stored.bytes);
          done++;
        } catch (error) {
          skipped.add(image);
          log(`Could not fingerprint the deposit screenshot ${image}.`, error);
        }
      }
    }
    if (done > 0) log(`Fingerprinted ${done} earlier deposit screenshots.`);
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
