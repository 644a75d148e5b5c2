import {
  RECEIPT_EDITS,
  type ReceiptApp,
  receiptImage,
  receiptNumber,
} from "@igp/test-support/receipts.ts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fingerprintOf } from "./image-fingerprints.ts";
import { compareImages, type ImageFingerprint } from "./image-match.ts";

/**
 * The screenshots' matching on generated receipts (test-support/receipts.ts), each stored as an
 * upload is (WebP at quality 82): every edit a cheat makes to a receipt is still the same
 * image; different receipts of one banking app are not. `npm run bench:image-hash` measures the
 * same on a larger set (docs/fraud-signals.md).
 */
const stored = async (image: Buffer) =>
  fingerprintOf(await sharp(image).webp({ quality: 82 }).toBuffer());

describe("near-identical screenshots", () => {
  it("are found after re-saving, scaling to 90%, cropping 5% and writing a line on them", async () => {
    for (const [index, app] of [
      [1, "telebirr"],
      [2, "cbe"],
    ] as [number, ReceiptApp][]) {
      const receipt = await receiptImage(receiptNumber(index, app));
      const original = await stored(receipt);
      for (const [name, edit] of Object.entries(RECEIPT_EDITS)) {
        const compared = compareImages(original, await stored(await edit(receipt)));
        expect({ name, app, same: compared.same }).toEqual({ name, app, same: true });
      }
    }
  }, 120_000);

  it("are not two different receipts of one app, though their hashes are as near", async () => {
    const receipts: ImageFingerprint[] = [];
    for (let n = 10; n < 16; n++) receipts.push(await stored(await receiptImage(receiptNumber(n))));
    let closeHashes = 0;
    for (let i = 0; i < receipts.length; i++)
      for (let j = i + 1; j < receipts.length; j++) {
        const compared = compareImages(receipts[i]!, receipts[j]!);
        if (compared.changedLines !== null) closeHashes++;
        expect(compared.same).toBe(false);
      }
    // What the ink maps are for: the hashes alone take most of these pairs for one image.
    expect(closeHashes).toBeGreaterThan(10);
  }, 120_000);

  it("tells apart an image and its mirror, and a plain image from a receipt", async () => {
    const receipt = await receiptImage(receiptNumber(3));
    const original = await stored(receipt);
    expect(compareImages(original, await stored(await sharp(receipt).flop().toBuffer())).same).toBe(
      false,
    );
    const plain = await sharp({
      create: { width: 720, height: 1280, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    expect(compareImages(original, await stored(plain)).same).toBe(false);
  }, 60_000);
});
