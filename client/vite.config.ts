import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Rolldown } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { compileHints } from "./scripts/compile-hints.ts";
import { zodWithoutEval } from "./scripts/zod-without-eval.ts";

/** The player site's colours (src/styles/tokens.css --bg): the installed app's splash and status bar. */
const THEME_COLOUR = "#0b1120";

const MAIN = path.resolve(import.meta.dirname, "src/main.tsx");

/** The modules main.tsx imports statically (through any chain): what every page runs first. */
function firstDownload(ctx: Rolldown.ChunkingContext): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(MAIN);
  return found;
}
/** Worked out once per build, at the first module the bundler asks about. */
let first: Set<string> | undefined;
const inFirstDownload = (id: string, ctx: Rolldown.ChunkingContext) => {
  first ??= firstDownload(ctx);
  return first.has(id);
};

/**
 * The first download in one chunk. Left alone, the bundler splits off of it every module a lazy
 * screen also imports (the bundler's runtime, i18next, the API client, …): four small files more
 * for every page, each a round trip on a slow network.
 */
const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  {
    name: (id, ctx) => (inFirstDownload(id, ctx) ? "app" : null),
    // Only those modules: their imports are in it already.
    includeDependenciesRecursively: false,
  },
  {
    // zod whole in one chunk: loaded by a screen's schemas after it has painted
    // (src/lib/lazy-schemas.ts), it would otherwise split in two, one request more each time.
    name: "zod",
    test: /node_modules[\\/]zod[\\/]/,
  },
];

/**
 * The client build. `npm run build` first builds src/prerender.tsx for Node (--ssr, into
 * .prerender/: the build's pages, and the server's for a session), then the browser build (with a manifest of its chunks), then
 * scripts/prerender-pages.ts writes the pages. Every text file also gets a brotli (.br, best quality) and a gzip (.gz) copy, which the
 * server sends as the browser accepts (game-server/src/http/plugins/client-app.ts): nothing is
 * compressed per request.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        build: { outDir: ".prerender", emptyOutDir: true },
        // Whole, its libraries inside: the server also renders pages with it at run time
        // (game-server/src/http/plugins/page-render.ts), and its image has no client libraries.
        ssr: { noExternal: true },
      }
    : {
        plugins: [
          react(),
          zodWithoutEval(),
          compileHints(),
          compression({ algorithms: ["brotliCompress", "gzip"] }),
          VitePWA({
            // A new deploy's worker takes over at once and the page reloads onto the new build, so
            // nobody stays on an old one whose chunks the server no longer has.
            registerType: "autoUpdate",
            // Registered by src/lib/service-worker.ts after the page has loaded (no inline script).
            injectRegister: false,
            manifest: {
              id: "/",
              name: "Instant Games",
              short_name: "Instant Games",
              description:
                "Coin Flip, Spin Wheel and Lottery; the demos play offline with play money.",
              lang: "en",
              start_url: "/",
              scope: "/",
              display: "standalone",
              background_color: THEME_COLOUR,
              theme_color: THEME_COLOUR,
              icons: [
                { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
                { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
                {
                  src: "/icons/maskable-512.png",
                  sizes: "512x512",
                  type: "image/png",
                  purpose: "maskable",
                },
              ],
            },
            // Our own worker (src/sw.ts): pages from the network first, the shell offline.
            strategies: "injectManifest",
            srcDir: "src",
            filename: "sw.ts",
            injectManifest: {
              globPatterns: ["**/*.{js,css,html,png,svg,ico,wav,webmanifest}"],
              // The back office needs a connection anyway: players' phones need not download it.
              globIgnores: ["**/assets/admin-*.js"],
              // PixiJS is the largest chunk the demos need.
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            },
          }),
        ],
        build: {
          outDir: "dist",
          sourcemap: false,
          chunkSizeWarningLimit: 600,
          manifest: true,
          // Each component imports its own stylesheet; the build joins them into one file that
          // every page links in its head (prerendered pages paint styled before any script), in
          // the order the modules import them (styles/tokens.css and base.css first: main.tsx).
          // A stylesheet per lazy chunk would add its name to the first download's preload lists
          // (the budget, scripts/check-budget.ts) and leave prerendered pages to link each chunk's.
          cssCodeSplit: false,
          rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
        },
        server: {
          proxy: { "/api": "http://localhost:3000", "/image": "http://localhost:3000" },
        },
      },
);
