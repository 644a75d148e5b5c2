import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageStore, type ImageStore } from "./image-store.ts";

let directory: string;
let store: ImageStore;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "igp-images-"));
  store = createImageStore(directory);
});
afterAll(() => rm(directory, { recursive: true, force: true }));

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#e65100" } });

async function stored(bytes: Buffer) {
  const name = await store.save(bytes);
  const image = await store.load(name);
  return { name, image: image!, meta: await sharp(image!.bytes, { animated: true }).metadata() };
}

describe("uploaded images", () => {
  it("are kept as WebP, shrunk to fit 1600 x 2400, never enlarged", async () => {
    const wide = await stored(await picture(4000, 1000).png().toBuffer());
    expect(wide.name).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(wide.image.type).toBe("image/webp");
    expect([wide.meta.format, wide.meta.width, wide.meta.height]).toEqual(["webp", 1600, 400]);

    const tall = await stored(await picture(1000, 5000).jpeg().toBuffer());
    expect([tall.meta.width, tall.meta.height]).toEqual([480, 2400]);

    const small = await stored(await picture(24, 24).png().toBuffer());
    expect([small.meta.width, small.meta.height]).toEqual([24, 24]);
  });

  it("weigh less than the PNG they came from", async () => {
    const png = await sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 3,
        background: "#000000",
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer();
    const { image } = await stored(png);
    expect(image.bytes.length).toBeLessThan(png.length);
  });

  it("keep an animation animated", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 16, height: 16, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#e65100"), await frame("#1e88e5")], {
      join: { animated: true },
    })
      .gif({ loop: 0 })
      .toBuffer();
    const { meta } = await stored(animated);
    expect([meta.format, meta.pages]).toEqual(["webp", 2]);
  });

  it("refuse what is not an image, and store nothing", async () => {
    await expect(store.save(Buffer.from("<svg onload=alert(1)>"))).rejects.toThrow(
      "Only PNG, JPEG, GIF or WebP images are accepted.",
    );
  });
});
