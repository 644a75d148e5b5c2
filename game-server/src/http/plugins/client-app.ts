import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { builtPages, pageFor, preloadsFor, visitorGoesTo } from "./client-pages.ts";
import { pageRenderer } from "./page-render.ts";

/** Vite names every file under assets/ after a hash of its content: it never changes. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The pages (index.html, the shell): always revalidated (ETag), so a deploy is seen at once. */
export const REVALIDATE = "no-cache";
/**
 * The service worker and its manifest: how a new deploy reaches players whose app is cached for
 * offline use (client/vite.config.ts), so the browser re-checks them on every visit.
 */
const SERVICE_WORKER = /^(sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/;
/** Files copied as they are from client/public (sounds): no hash in the name, so not forever. */
const UNHASHED = "public, max-age=3600";

/**
 * The built client (client/dist) on the same origin as the API. Text files are served from the
 * brotli or gzip copies the build made (client/vite.config.ts), as the request's Accept-Encoding
 * allows, with `Vary: accept-encoding` and an ETag per representation; never compressed per
 * request. The pages are under pages/ (`/`: pages/index.html, /auth/login: pages/auth/login.html;
 * a file named with `[id]` answers any one path segment there, `[...]` the rest of the address:
 * pages/play/instant/coin-flip/[id].html is a shared game's link); every other app route gets
 * the shell (shell.html, the same as index.html, which the service worker keeps as its offline
 * page) so that the browser router can take over (/process/…). A page's answer names the API
 * reads it will make at once in a `Link` preload header (client-pages.ts): the session's user
 * for a browser with a session, and what the page reads by its address (a shared game's round).
 * A page behind sign-in sends a browser without a session to the sign-in page (a redirect).
 * A few pages (the lobbies, a shared round, the lottery list, a lottery's page, the dashboard)
 * are rendered again for a browser with a session, their data in them (page-render.ts); the
 * lottery list and a lottery's page for a visitor too. A missing asset is a 404, never a page.
 */
export const clientApp = fp(
  async (app: FastifyInstance, { directory }: { directory: string | null }) => {
    if (!directory || !existsSync(`${directory}/index.html`)) return;
    const shell = existsSync(`${directory}/shell.html`) ? "shell.html" : "index.html";
    const pages = builtPages(directory);
    const renderer = pageRenderer(app, directory, pages);
    await app.register(fastifyStatic, {
      root: directory,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) =>
        reply.header("cache-control", cachePolicy(path.relative(directory, file))),
    });
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
      const page = pageFor(pages, url);
      const signIn = visitorGoesTo(page, url, request.headers.cookie);
      if (signIn) return reply.header("cache-control", "no-store").redirect(signIn, 302);
      // The renderer decides whom it renders for (a session; a visitor where the page allows).
      if (renderer?.renders(page)) {
        const sent = await renderer.send(page, request, reply, url).catch((error: unknown) => {
          // The build's page still works (its scripts read what the render would have shown).
          request.log.error({ err: error, url }, "page render failed: the build's page sent");
          return false;
        });
        if (sent) return reply;
      }
      const preloads = preloadsFor(page, url, request.headers.cookie);
      if (preloads) reply.header("link", preloads);
      // The preloads follow the session's cookies: a page revalidated (304) would otherwise keep
      // the Link of the session it was first fetched for (after a sign-out, the ended session's
      // user: a 401 the browser logs).
      reply.header("vary", "cookie");
      return reply.sendFile(page?.file ?? (url === "/" ? "index.html" : shell));
    };
    app.get("/", { schema: { hide: true } }, (request, reply) => sendPage(request, reply, "/"));
    app.addHook("onRequest", async (request, reply) => {
      const url = request.url.split("?")[0]!;
      if (url === "/" || !isAppRoute(request.method, url)) return;
      return sendPage(request, reply, url);
    });
  },
  { name: "client-app" },
);

/** By the file's path inside client/dist. */
function cachePolicy(file: string): string {
  if (file.startsWith(`assets${path.sep}`)) return IMMUTABLE;
  if (SERVICE_WORKER.test(file)) return REVALIDATE;
  return /\.html(\.br|\.gz)?$/.test(file) ? REVALIDATE : UNHASHED;
}

/**
 * A page address the browser router handles: not the API, not a file (anything with a dot), but
 * /process/{token} always: a sign-in's token has dots (a JWT), and one whose signature holds no
 * "-" looked like a file name and was answered 404.
 */
function isAppRoute(method: string, url: string): boolean {
  return (
    (method === "GET" || method === "HEAD") &&
    !/^\/(api|image|metrics|assets|matchmake)(\/|$)/.test(url) &&
    (url.startsWith("/process/") || !/\.\w+$/.test(url))
  );
}
