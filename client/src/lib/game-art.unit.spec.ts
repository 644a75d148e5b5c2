import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ART = path.join(import.meta.dirname, "../art");
const pictures = readdirSync(ART).filter((name) => name.endsWith(".svg"));

describe("the games' pictures (src/art)", () => {
  it("are all here", () => {
    expect(pictures.sort()).toEqual(["coin-flip.svg", "lottery.svg", "spin-wheel.svg"]);
  });

  // Each picture shown by <img> is a document of its own: text in one costs it a font lookup of
  // its own before the page's first paint (game-art.ts). Glyphs are drawn as outlines instead.
  it.each(pictures)("%s draws its digits as outlines, not text", (name) => {
    const svg = readFileSync(path.join(ART, name), "utf8");
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).not.toMatch(/font-(family|size|weight)/);
  });
});
