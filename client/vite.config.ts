import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { "/api": "http://localhost:3000", "/image": "http://localhost:3000" } },
});
