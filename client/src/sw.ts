/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { keptPages } from "./sw-pages.ts";

/**
 * The service worker (vite-plugin-pwa injects the build's file list). Every built file is cached
 * at install, so the site and its demos open offline. A new deploy's worker takes over at once
 * (the page then reloads onto it: src/lib/service-worker.ts).
 */
declare const self: ServiceWorkerGlobalScope;

const buildFiles = self.__WB_MANIFEST;
self.skipWaiting();
cleanupOutdatedCaches();
// `/` is not answered with the cached shell (index.html): the server's prerendered page is better.
precacheAndRoute(buildFiles, { directoryIndex: "" });

const pages = keptPages(buildFiles);
self.addEventListener("activate", (event) => event.waitUntil(takeOver()));

/**
 * On activation: drops the pages an older build's worker kept, controls the open pages at once,
 * keeps them for their next visit and, replacing an older build's worker, opens them again on
 * this build (from what was just kept: no blank page, no page of one build with another's
 * scripts).
 */
async function takeOver() {
  const replacing = await pages.dropOtherBuilds();
  await self.clients.claim();
  await pages.keepOpenPages();
  // Not awaited: the pages' requests wait for this activation to end.
  if (replacing) void pages.reloadOpenPages();
}

/**
 * Pages: the page as this build's worker last fetched it, at once, when the browser's session is
 * as it was then (sw-pages.ts), refreshed meanwhile for the next visit; else from the network.
 * Offline, or with no answer in 3 s, the page as last seen, else the app shell (index.html),
 * which renders any page in the browser. The server's own paths are never pages.
 */
registerRoute(
  new NavigationRoute(
    async ({ request, event }) =>
      (await pages.answer(request, event as ExtendableEvent)) ??
      (await matchPrecache("/index.html")) ??
      Response.error(),
    { denylist: [/^\/(api|image|metrics|matchmake|assets)(\/|$)/] },
  ),
);
