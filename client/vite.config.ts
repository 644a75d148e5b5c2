import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/**
 * Two pages from one entry: index.html (the home page, prerendered: see scripts/prerender.ts)
 * and shell.html (every other route, rendered by the browser). Every text file also gets a
 * brotli (.br, best quality) and a gzip (.gz) copy, which the server sends as the browser
 * accepts (game-server/src/http/plugins/client-app.ts): nothing is compressed per request.
 */
export default defineConfig({
  plugins: [react(), compression({ algorithms: ["brotliCompress", "gzip"] })],
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { input: { index: "index.html", shell: "shell.html" } },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/image": "http://localhost:3000" } },
});
