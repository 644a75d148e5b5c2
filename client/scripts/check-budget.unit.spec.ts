import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const SCRIPT = path.join(import.meta.dirname, "check-budget.ts");
const KB = 1024;

/**
 * A build directory whose index.html loads an entry script and preloads a chunk, each a given
 * number of gzipped bytes (random hex: gzip cannot shrink it below half, so sizes are found by
 * measuring), and lazily references a third that must not count.
 */
function buildWith(entryGzipBytes: number, chunkGzipBytes: number) {
  const dist = mkdtempSync(path.join(tmpdir(), "igp-budget-"));
  mkdirSync(path.join(dist, "assets"));
  const write = (name: string, gzipBytes: number) =>
    writeFileSync(path.join(dist, "assets", name), scriptOfGzipSize(gzipBytes));
  write("index-a.js", entryGzipBytes);
  write("chunk-b.js", chunkGzipBytes);
  write("lazy-c.js", 200 * KB);
  writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/chunk-b.js">
</head><body><div id="root"></div></body></html>`,
  );
  return dist;
}

function scriptOfGzipSize(target: number): string {
  let text = "";
  while (gzipSync(text).length < target - 64) {
    text += `/*${randomBytes(Math.max(16, Math.floor((target - gzipSync(text).length) / 2))).toString("hex")}*/\n`;
  }
  return text;
}

function check(dist: string) {
  return spawnSync(process.execPath, ["--import", "tsx", SCRIPT, dist], { encoding: "utf8" });
}

describe("the build's budget check (npm run build)", () => {
  it("passes when the initial JavaScript of / is under 110 KB gzipped, lazy chunks apart", () => {
    const result = check(buildWith(60 * KB, 40 * KB));
    expect(result.stdout).toMatch(/initial JavaScript of \/ \(gzip\), budget 110 KB/);
    expect(result.stdout).not.toContain("lazy-c.js");
    expect(result.status).toBe(0);
  });

  it("checks each route's page against its own budget, naming the route and the overshoot", () => {
    const dist = buildWith(60 * KB, 40 * KB);
    mkdirSync(path.join(dist, "pages/play/instant/coin-flip"), { recursive: true });
    const page = (preloads: string[]) =>
      `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
${preloads.map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`).join("\n")}
</head><body><div id="root"></div></body></html>`;
    // The game's page: the entry, a chunk and the 200 KB one: over its 146 KB budget.
    writeFileSync(
      path.join(dist, "pages/play/instant/coin-flip/[id].html"),
      page(["chunk-b.js", "lazy-c.js"]),
    );
    const over = check(dist);
    expect(over.stdout).toMatch(
      /initial JavaScript of \/play\/instant\/coin-flip\/\[id\] \(gzip\), budget 146 KB/,
    );
    expect(over.stderr).toMatch(
      /\/play\/instant\/coin-flip\/\[id\] loads \d+\.\d KB of JavaScript first \(gzip\), \d+\.\d KB over its budget of 146 KB/,
    );
    expect(over.status).toBe(1);
    // Within its budget it passes; a page with no budget fails, named.
    writeFileSync(path.join(dist, "pages/play/instant/coin-flip/[id].html"), page(["chunk-b.js"]));
    expect(check(dist).status).toBe(0);
    writeFileSync(path.join(dist, "pages/somewhere.html"), page([]));
    const unbudgeted = check(dist);
    expect(unbudgeted.stderr).toContain("/somewhere has no budget");
    expect(unbudgeted.status).toBe(1);
  });

  it("fails the build when the entry and its preloaded chunks pass 110 KB gzipped", () => {
    const result = check(buildWith(70 * KB, 42 * KB));
    expect(result.stderr).toContain("Over the performance budget");
    expect(result.status).toBe(1);
  });
});
