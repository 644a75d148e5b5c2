import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  RECEIPT_EDITS,
  type ReceiptApp,
  receiptImage,
  receiptNumber,
} from "@igp/test-support/receipts.ts";
import { hashImage } from "../src/fraud-signals/image-hash.ts";
import {
  compareImages,
  IMAGE_MATCH,
  type ImageFingerprint,
} from "../src/fraud-signals/image-match.ts";
import { inkMap } from "../src/fraud-signals/ink-map.ts";
import { createImageStore } from "../src/uploads/image-store.ts";

/**
 * `npm run bench:image-hash`: how well the screenshots' perceptual hashes tell a receipt sent
 * again from a different receipt (docs/fraud-signals.md). On generated receipts of three banking
 * apps (test-support/receipts.ts), each stored the way an upload is (ImageStore: re-encoded to
 * WebP), it prints the dHash and pHash distances of every edit a cheat makes (must be flagged)
 * and of every pair of different receipts (must not be), and the flags at the thresholds used.
 * Asserts nothing.
 */
const PER_APP = Number(process.env.RECEIPTS ?? 40);
const APPS: ReceiptApp[] = ["telebirr", "cbe", "awash"];

async function main() {
  const directory = await mkdtemp(path.join(tmpdir(), "image-hash-"));
  const store = createImageStore(directory);
  const stored = async (upload: Buffer) => {
    const loaded = await store.load(await store.save(upload));
    const bytes = loaded!.bytes;
    return { ...(await hashImage(bytes)), ink: await inkMap(bytes) } as ImageFingerprint;
  };
  try {
    const originals: { app: ReceiptApp; image: Buffer; hashes: ImageFingerprint }[] = [];
    for (const app of APPS)
      for (let n = 0; n < PER_APP; n++) {
        const image = await receiptImage(receiptNumber(n, app));
        originals.push({ app, image, hashes: await stored(image) });
      }
    console.log(`${originals.length} receipts (${PER_APP} per app: ${APPS.join(", ")})`);
    console.log(`thresholds: ${JSON.stringify(IMAGE_MATCH)}\n`);
    console.log(
      "edit            | dHash min/median/max | pHash min/median/max | lines min/median/max | flagged",
    );
    for (const [name, edit] of Object.entries(RECEIPT_EDITS)) {
      const d: number[] = [];
      const p: number[] = [];
      const l: number[] = [];
      let flagged = 0;
      for (const original of originals) {
        const compared = compareImages(original.hashes, await stored(await edit(original.image)));
        d.push(compared.dhash);
        p.push(compared.phash);
        l.push(compared.changedLines ?? 99);
        if (compared.same) flagged++;
      }
      console.log(
        `${name.padEnd(15)} | ${spread(d).padEnd(20)} | ${spread(p).padEnd(20)} | ${spread(l).padEnd(20)} | ${flagged}/${originals.length}`,
      );
    }
    console.log(
      "\npairs of different receipts | pairs | dHash min/median | pHash min/median | flagged",
    );
    for (const sameApp of [true, false]) {
      const d: number[] = [];
      const p: number[] = [];
      const l: number[] = [];
      let flagged = 0;
      let hashesOnly = 0;
      const started = process.cpuUsage();
      for (let i = 0; i < originals.length; i++)
        for (let j = i + 1; j < originals.length; j++) {
          const [a, b] = [originals[i]!, originals[j]!];
          if ((a.app === b.app) !== sameApp) continue;
          const compared = compareImages(a.hashes, b.hashes);
          d.push(compared.dhash);
          p.push(compared.phash);
          if (compared.changedLines !== null) {
            hashesOnly++;
            l.push(compared.changedLines);
          }
          if (compared.same) flagged++;
        }
      const cpu = process.cpuUsage(started);
      const rate = ((100 * flagged) / d.length).toFixed(2);
      console.log(
        `${(sameApp ? "same app" : "different apps").padEnd(28)} | ${d.length} | ${spread(d, false)} | ${spread(p, false)} | ${flagged} (${rate}%)`,
      );
      console.log(`  dHash histogram: ${histogram(d)}`);
      console.log(`  pHash histogram: ${histogram(p)}`);
      console.log(
        `  within the hash thresholds: ${hashesOnly}; their changed lines: ${histogram(l)}`,
      );
      console.log(
        `  CPU per comparison: ${((cpu.user + cpu.system) / 1000 / d.length).toFixed(2)} ms`,
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function spread(values: number[], withMax = true) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return withMax ? `${sorted[0]}/${median}/${sorted.at(-1)}` : `${sorted[0]}/${median}`;
}

/** How many values fall at each distance up to 20 (the rest counted together). */
function histogram(values: number[]) {
  const counts = new Map<number, number>();
  for (const value of values)
    counts.set(Math.min(value, 21), (counts.get(Math.min(value, 21)) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([distance, count]) => `${distance === 21 ? ">20" : distance}:${count}`)
    .join(" ");
}

await main();
