import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { symbolsOutsideFonts } from "./page-symbols.ts";

/**
 * After `vite build`: keeps the built index.html as shell.html (what the server sends for the
 * routes that have no page of their own), then writes each page of src/prerender.tsx (built for
 * Node into .prerender/) from that shell: its prerendered HTML in the root, its chunks preloaded;
 * `/` as pages/index.html, the others as pages/<route>.html (a pattern's `[id]` kept in the file
 * name: the server matches it to any segment), each with its brotli and gzip copies like every
 * other text file; and pages.json: the API reads of each page that depend on its address or on
 * the session (the server names them in a `Link` preload header of the page's answer), and the
 * pages behind sign-in (the server sends a browser without a session to sign in instead). Vite's
 * manifest (which chunk holds which module) is used, then removed.
 */
const client = path.resolve(import.meta.dirname, "..");
// client/dist, or the build directory given as the first argument.
const dist = path.resolve(process.argv[2] ?? path.join(client, "dist"));
const { PAGES, SIGNED_IN_PAGES, visitorGoesFrom, renderPage } = (await import(
  pathToFileURL(path.join(client, ".prerender/prerender.js")).href
)) as typeof import("../src/prerender.tsx");

interface Chunk {
  file: string;
  name?: string;
  imports?: string[];
}
const manifestFile = path.join(dist, ".vite/manifest.json");
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, Chunk>;
rmSync(path.join(dist, ".vite"), { recursive: true });

copyFileSync(path.join(dist, "index.html"), path.join(dist, "shell.html"));
const shell = readFileSync(path.join(dist, "shell.html"), "utf8");
const EMPTY_ROOT = '<div id="root"></div>';
const URGENT_IMAGE = /<link rel="preload" as="image"[^>]*fetchPriority="high"[^>]*\/>/g;
if (!shell.includes(EMPTY_ROOT) || !shell.includes("</head>"))
  throw new Error(`index.html has no ${EMPTY_ROOT} or no </head>`);

checkSignedInPages();
const pages = await Promise.all(PAGES.map(writePage));
writeFileSync(
  path.join(dist, "pages.json"),
  JSON.stringify(
    PAGES.filter((page) => page.data || SIGNED_IN_PAGES[page.path] || page.rendered).map(
      ({ path, data, rendered, renderedForVisitors, fetch }) => ({
        path,
        data,
        ...(SIGNED_IN_PAGES[path] && { signedIn: true, visitorTo: SIGNED_IN_PAGES[path] }),
        ...(rendered && { rendered, renderedForVisitors, fetch }),
      }),
    ),
  ),
);

/**
 * The pages behind sign-in are pages of the build, and no page open to visitors falls under one
 * of their patterns: the service worker, which sends a visitor away by that list alone
 * (src/sw-pages.ts), must send away exactly whom the server does (by this build's pages).
 */
function checkSignedInPages() {
  const built = new Set(PAGES.map((page) => page.path));
  const missing = Object.keys(SIGNED_IN_PAGES).filter((address) => !built.has(address));
  if (missing.length) throw new Error(`signed-in pages not in PAGES: ${missing.join(", ")}`);
  const open = PAGES.filter((page) => !SIGNED_IN_PAGES[page.path] && visitorGoesFrom(page.path));
  if (open.length)
    throw new Error(`open pages under a signed-in pattern: ${open.map((page) => page.path)}`);
}

checkSymbols(pages);

for (const file of ["shell.html", ...pages]) {
  const bytes = readFileSync(path.join(dist, file));
  writeFileSync(
    path.join(dist, `${file}.br`),
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  console.log(`page  ${file}`);
}

/** No page paints a symbol the site's fonts lack (scripts/page-symbols.ts): the build fails. */
function checkSymbols(files: string[]) {
  const assets = path.join(dist, "assets");
  const css = readdirSync(assets)
    .filter((file) => file.endsWith(".css"))
    .map((file) => readFileSync(path.join(assets, file), "utf8"))
    .join("\n");
  const found = files.flatMap((file) => {
    const symbols = symbolsOutsideFonts(readFileSync(path.join(dist, file), "utf8"), css);
    return symbols.length ? [`${file}: ${symbols.join(" ")}`] : [];
  });
  if (found.length)
    throw new Error(`symbols no font of the site has (draw them: icons.tsx): ${found.join("; ")}`);
}

async function writePage(page: (typeof PAGES)[number]): Promise<string> {
  // index.html stays the shell: the service worker's offline page for every address.
  const file = page.path === "/" ? "pages/index.html" : `pages${page.path}.html`;
  const preloads = [
    ...chunkFiles(page.preload)
      .filter((chunk) => !shell.includes(`/${chunk}"`))
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`),
    // `crossorigin`: the credentials mode of the page's own fetch(), so that it reuses this one.
    ...(page.fetch ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
  ]
    .map((link) => `    ${link}\n`)
    .join("");
  const rendered = page.prerender ? await renderPage(page.path) : "";
  // React writes an image preload (`<img fetchPriority="high">`: the hero) into the page's body,
  // after the scripts and styles have taken every connection: asked for first, in the head, it
  // arrives with them instead of after them.
  const urgent = rendered.match(URGENT_IMAGE) ?? [];
  const root = rendered.replace(URGENT_IMAGE, "");
  const html = shell
    .replace("<script", `${urgent.map((link) => `${link}\n    `).join("")}<script`)
    .replace("</head>", `${preloads}</head>`)
    .replace(EMPTY_ROOT, `<div id="root">${root}</div>`);
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), html);
  return file;
}

/** The files of the named chunks and of every chunk they import, transitively. */
function chunkFiles(names: string[]): string[] {
  const found = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (found.has(chunk.file)) return;
    found.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const name of names) {
    const keys = Object.keys(manifest).filter(
      (key) =>
        key === name || manifest[key]!.name === name || key.includes(`node_modules/${name}/`),
    );
    if (keys.length === 0) throw new Error(`no chunk named ${name} in the build`);
    keys.forEach(visit);
  }
  return [...found].filter((file) => file.endsWith(".js"));
}
