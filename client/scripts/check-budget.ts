import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The performance budget: the JavaScript the `/` route loads first (the entry script and the
 * chunks it preloads) at most 170 KB gzipped. Prints every file's size; exits 1 when over.
 */
const BUDGET_BYTES = 170 * 1024;
const dist = path.resolve(import.meta.dirname, "../dist");
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const initial = [
  ...html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g,
  ),
].map((match) => match[1]!);
let total = 0;
for (const file of initial) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(8)} KB  initial JavaScript of / (gzip), budget ${BUDGET_BYTES / 1024} KB`,
);
if (total > BUDGET_BYTES) {
  console.error("Over the performance budget: load more lazily.");
  process.exit(1);
}
