import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * After `vite build`: keeps the built index.html as shell.html (what the server sends for the
 * routes rendered in the browser), then writes each prerendered page (src/prerender.tsx, built
 * for Node into .prerender/) into that shell: `/` as index.html, the others as
 * pages/<route>.html, each with its brotli and gzip copies like every other text file.
 */
const client = path.resolve(import.meta.dirname, "..");
const dist = path.join(client, "dist");
const { PRERENDERED_PATHS, renderPage } = (await import(
  pathToFileURL(path.join(client, ".prerender/prerender.js")).href
)) as typeof import("../src/prerender.tsx");

copyFileSync(path.join(dist, "index.html"), path.join(dist, "shell.html"));
const shell = readFileSync(path.join(dist, "shell.html"), "utf8");
const EMPTY_ROOT = '<div id="root"></div>';
if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);

for (const file of ["shell.html", ...(await Promise.all(PRERENDERED_PATHS.map(writePage)))]) {
  const bytes = readFileSync(path.join(dist, file));
  writeFileSync(
    path.join(dist, `${file}.br`),
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  console.log(`prerendered  ${file}`);
}

async function writePage(route: string): Promise<string> {
  const file = route === "/" ? "index.html" : `pages${route}.html`;
  const html = shell.replace(EMPTY_ROOT, `<div id="root">${await renderPage(route)}</div>`);
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), html);
  return file;
}
