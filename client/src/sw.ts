/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

/**
 * The service worker (vite-plugin-pwa injects the build's file list). Every built file is cached
 * at install, so the site and its demos open offline. A new deploy's worker takes over at once
 * (the page then reloads onto it: src/lib/service-worker.ts).
 */
declare const self: ServiceWorkerGlobalScope;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// `/` is not answered with the cached shell (index.html): the server's prerendered page is better.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "" });

/**
 * Pages come from the network first: a prerendered page (`/`, sign-in, the demos) paints as soon
 * as it arrives, with the scripts and styles already here, and a deploy shows at once. Offline,
 * or with no answer in 3 s, the page as last seen, else the app shell (index.html), which renders
 * any page in the browser. The server's own paths are never pages.
 */
const pages = new NetworkFirst({
  cacheName: "pages",
  networkTimeoutSeconds: 3,
  // Never a page the server rendered for a session (`no-store`: its user and balances,
  // game-server's page-render.ts): kept, it would show them after a sign-out.
  plugins: [
    {
      cacheWillUpdate: async ({ response }) =>
        response.headers.get("cache-control")?.includes("no-store") ? null : response,
    },
  ],
});

/**
 * A page's `Link` preloads (the session's user, the page's data: the server's client-pages.ts)
 * serve a first visit over the network. A page answered here is not one: its scripts are cached
 * and ask for themselves, and a page kept from an earlier visit would preload the session of a
 * browser signed out since (a 401 the browser logs).
 */
function withoutPreloads(response: Response): Response {
  if (!response.headers.has("link")) return response;
  const headers = new Headers(response.headers);
  headers.delete("link");
  const { status, statusText } = response;
  return new Response(response.body, { status, statusText, headers });
}

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return withoutPreloads(await pages.handle(options));
      } catch {
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    { denylist: [/^\/(api|image|metrics|matchmake|assets)(\/|$)/] },
  ),
);
