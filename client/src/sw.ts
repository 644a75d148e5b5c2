/// <reference lib="webworker" />
import { cacheNames } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { enableNavigationPreload, keptPages, served } from "./sw-pages.ts";

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

/**
 * The build's hashed files (`/assets/`, precached under their own address: their name changes
 * with their content) are answered by the browser from the precache without running this
 * worker's script for each (the Static Routing API, where the browser has it): a page's thirty
 * scripts otherwise cost thirty fetch events on a slow phone's busy worker. A file missing from
 * the precache goes to the network. Elsewhere every request comes to the fetch handlers below.
 */
self.addEventListener("install", (event) => {
  const routed = event as RoutedInstallEvent;
  if (typeof routed.addRoutes !== "function") return;
  const added = routed.addRoutes({
    condition: { urlPattern: "/assets/*", requestMethod: "GET" },
    source: { cacheName: cacheNames.precache },
  });
  // A browser refusing the route still installs the worker: its fetch handler answers them.
  event.waitUntil(added.catch((error) => console.warn("Static route not added:", error)));
});

/** The Static Routing API's part of the install event (Chromium 123+; not in TypeScript's lib). */
interface RoutedInstallEvent extends ExtendableEvent {
  addRoutes?(rules: {
    condition: { urlPattern: string; requestMethod?: string };
    source: "network" | "cache" | "fetch-event" | { cacheName: string };
  }): Promise<void>;
}

const pages = keptPages(buildFiles);
self.addEventListener("activate", (event) => event.waitUntil(takeOver()));

/**
 * On activation: lets the browser fetch pages as their navigation begins, drops the pages an
 * older build's worker kept, controls the open pages at once, keeps them for their next visit
 * and, replacing an older build's worker, opens them again on this build (from what was just
 * kept: no blank page, no page of one build with another's scripts).
 */
async function takeOver() {
  await enableNavigationPreload();
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
 * which renders any page in the browser (without its preloads too). The server's own paths
 * are never pages.
 */
registerRoute(
  new NavigationRoute(
    async ({ request, event }) =>
      (await pages.answer(request, event as FetchEvent)) ?? (await shell()) ?? Response.error(),
    { denylist: [/^\/(api|image|metrics|matchmake|assets)(\/|$)/] },
  ),
);

async function shell(): Promise<Response | undefined> {
  const page = await matchPrecache("/index.html");
  return page && served(page);
}
