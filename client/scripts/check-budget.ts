import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The performance budget: the JavaScript the `/` route loads first (the entry script and the
 * chunks it preloads) at most 110 KB gzipped, so that a phone on Slow 4G (1.6 Mbit/s) has it in
 * well under a second. Prints every file's size; exits 1 when over. Checks client/dist, or the
 * build directory given as the first argument.
 */
export const BUDGET_BYTES = 110 * 1024;
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../dist"));
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
