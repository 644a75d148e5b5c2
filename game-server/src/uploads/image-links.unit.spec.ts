import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createImageLinks } from "./image-links.ts";

const SECRET = "s".repeat(48);
const FILE = `${"ab".repeat(16)}.png`;

function parts(link: string) {
  const url = new URL(link, "http://x");
  return {
    file: decodeURIComponent(url.pathname.slice("/image/".length)),
    expires: url.searchParams.get("expires")!,
    signature: url.searchParams.get("signature")!,
  };
}

describe("image links", () => {
  it("accept their own link until it expires, 10 to 15 minutes later", () => {
    let now = Date.UTC(2026, 10, 23, 10, 2, 30);
    const links = createImageLinks(SECRET, () => now);
    const { file, expires, signature } = parts(links.link(FILE));
    expect(file).toBe(FILE);
    const lifetime = Number(expires) - now / 1000;
    expect(lifetime).toBeGreaterThanOrEqual(600);
    expect(lifetime).toBeLessThan(900);
    expect(links.check(file, expires, signature)).toEqual({ ok: true, secondsLeft: lifetime });
    now = Number(expires) * 1000;
    expect(links.check(file, expires, signature)).toEqual({ ok: false, reason: "expired" });
  });

  it("give the same link within a five-minute step, so the browser's cache serves it", () => {
    let now = Date.UTC(2026, 10, 23, 10, 0, 1);
    const links = createImageLinks(SECRET, () => now);
    const first = links.link(FILE);
    now += 4 * 60 * 1000;
    expect(links.link(FILE)).toBe(first);
  });

  it("refuse any change to the file, the expiry or the signature, and another secret's links", () => {
    const links = createImageLinks(SECRET);
    const { file, expires, signature } = parts(links.link(FILE));
    const bad = { ok: false, reason: "bad signature" };
    expect(links.check(`${"cd".repeat(16)}.png`, expires, signature)).toEqual(bad);
    expect(links.check(file, String(Number(expires) + 1), signature)).toEqual(bad);
    expect(links.check(file, `${expires}.0`, signature)).toEqual(bad);
    expect(links.check(file, expires, "")).toEqual(bad);
    const foreign = parts(createImageLinks("t".repeat(48)).link(FILE));
    expect(links.check(file, foreign.expires, foreign.signature)).toEqual(bad);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (forged) => {
        fc.pre(forged !== signature);
        expect(links.check(file, expires, forged)).toEqual(bad);
      }),
    );
  });
});
