import compress from "@fastify/compress";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * API answers (`/api/*`) over COMPRESS_THRESHOLD_BYTES are compressed per request, brotli at a
 * fast quality or gzip, as Accept-Encoding allows (with `Vary: accept-encoding`). Everything else
 * is left alone: the client's files were compressed at build time (client-app.ts), uploads are
 * images. Request bodies are not inflated: they arrive as before, within the body limit.
 * Register before the routes: it decides per route as each is added.
 */
export const apiCompression = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRoute", (route: RouteOptions) => {
      if (!route.url.startsWith("/api/")) route.compress = false;
    });
    await app.register(compress, {
      globalCompression: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ["br", "gzip"],
    });
  },
  { name: "api-compression" },
);
