import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

/** Where `npm run build` first builds src/prerender.tsx for Node (see package.json). */
const PRERENDER = pathToFileURL(`${import.meta.dirname}/.prerender/prerender.js`).href;

/**
 * Puts the prerendered home page into index.html, inside `<div id="root">`; shell.html, served
 * for every other route, keeps an empty root. No inline script is added (a CSP forbids them).
 */
function prerenderHome(): Plugin {
  return {
    name: "prerender-home",
    apply: "build",
    async transformIndexHtml(html, context) {
      if (!context.filename.endsWith("index.html")) return html;
      const { renderHome } = (await import(PRERENDER)) as { renderHome(): string };
      return html.replace('<div id="root"></div>', `<div id="root">${renderHome()}</div>`);
    },
  };
}

/**
 * The client build makes two pages from one entry: index.html (the home page, prerendered) and
 * shell.html (every other route, rendered in the browser). Every text file also gets a brotli
 * (.br, best quality) and a gzip (.gz) copy, which the server sends as the browser accepts
 * (game-server/src/http/plugins/client-app.ts): nothing is compressed per request.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        build: { outDir: ".prerender", emptyOutDir: true, sourcemap: false },
      }
    : {
        plugins: [
          react(),
          prerenderHome(),
          compression({ algorithms: ["brotliCompress", "gzip"] }),
        ],
        build: {
          outDir: "dist",
          sourcemap: false,
          chunkSizeWarningLimit: 600,
          rolldownOptions: { input: { index: "index.html", shell: "shell.html" } },
        },
        server: {
          proxy: { "/api": "http://localhost:3000", "/image": "http://localhost:3000" },
        },
      },
);
