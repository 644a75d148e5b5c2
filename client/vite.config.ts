import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/**
 * The client build. `npm run build` first builds src/prerender.tsx for Node (--ssr, into
 * .prerender/), then the browser build (with a manifest of its chunks), then
 * scripts/prerender-pages.ts writes the pages. Every text file also gets a brotli (.br, best quality) and a gzip (.gz) copy, which the
 * server sends as the browser accepts (game-server/src/http/plugins/client-app.ts): nothing is
 * compressed per request.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? { plugins: [react()], build: { outDir: ".prerender", emptyOutDir: true } }
    : {
        plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"] })],
        build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
        server: {
          proxy: { "/api": "http://localhost:3000", "/image": "http://localhost:3000" },
        },
      },
);
