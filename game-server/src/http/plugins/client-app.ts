import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

/**
 * Files the browser must re-check on every visit: the service worker and its manifest are how a
 * new deploy reaches players whose app is cached for offline use (client/vite.config.ts).
 */
const REVALIDATED = /^(sw\.js|manifest\.webmanifest)$/;

/**
 * The built client (client/dist) on the same origin as the API: its files, and index.html for
 * every other page address so that the browser router can take over (/auth/login, /process/…).
 */
export const clientApp = fp(
  async (app: FastifyInstance, { directory }: { directory: string | null }) => {
    if (!directory || !existsSync(`${directory}/index.html`)) return;
    await app.register(fastifyStatic, {
      root: directory,
      wildcard: false,
      index: false,
      maxAge: "1h",
      setHeaders: (reply, file) => {
        if (REVALIDATED.test(path.basename(file))) reply.header("cache-control", "no-cache");
      },
    });
    // The page is checked on every visit (it names the current build's assets and carries the
    // current CSP); @fastify/static would otherwise give it the assets' hour.
    const sendPage = (reply: FastifyReply) =>
      reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
    app.get("/", { schema: { hide: true } }, (_request, reply) => sendPage(reply));
    app.addHook("onRequest", async (request, reply) => {
      const url = request.url.split("?")[0]!;
      const isPage =
        request.method === "GET" &&
        !/^\/(api|image|metrics)(\/|$)/.test(url) &&
        !/\.\w+$/.test(url);
      if (isPage && url !== "/") return sendPage(reply);
    });
  },
  { name: "client-app" },
);
