/// <reference lib="webworker" />
import { PAGE_KEPT_META, SIGNED_IN_COOKIE } from "@igp/shared/page-reads";
import type { PrecacheEntry } from "workbox-precaching";
import { visitorGoesFrom } from "./app/signed-in-pages.ts";

declare const self: ServiceWorkerGlobalScope;

/** On a kept page: the session hint it was fetched with. */
const KEPT_FOR = "x-kept-for-session";
/** On a kept page: when it was kept (ms since the epoch, this device's clock). */
const KEPT_AT = "x-kept-at";
/** The session hint of a browser without a session. */
const VISITOR = "";
/** A page not kept, or not valid for this session: this long for the network, then the shell. */
const NETWORK_WAIT_MS = 3_000;

/**
 * The pages as this build's worker last fetched them, answered at once on the next visit: the
 * scripts are in the precache, so a repeat visit waits on nothing from the network. A page is
 * kept under the build's name (a digest of its file list): a new build's worker starts with none
 * and drops the older build's, so a page is never served beside scripts of another build (which
 * the server may no longer have). A kept page is served only to the session hint it was fetched
 * with (the `igp_signed_in` cookie, read through the worker's cookie store): a page behind
 * sign-in must go to the server for a browser signed out since (which sends it to sign in). Every
 * page this worker answers, kept or fetched, goes without its module preloads (its scripts are
 * in the precache: withoutModulePreloads) and without its `Link` preloads (the session's
 * user, the page's data: the server's client-pages.ts): right after a sign-out, Chromium can
 * still show the worker the ended session's cookies, in its cookie store and in its own fetch of
 * the page (seen: the page after "Logout" preloaded the ended session's user, a 401 the browser
 * logs), while the page's scripts, from the precache, ask at once and read the cookie as it is.
 * Each answer is fetched again meanwhile and kept for the next visit. A kept page is marked with
 * the time it was kept (PAGE_KEPT_META); one that carries the page's data (rendered by the server
 * for visitors: the lottery list, a lottery's page) is answered at once only while as old as its
 * `stale-while-revalidate` allows, and reads its data again as it starts (lib/page-data.tsx).
 * A visitor is sent from a page behind sign-in at once, where the server would send them
 * (app/signed-in-pages.ts), while the browser is online.
 */
export function keptPages(buildFiles: (PrecacheEntry | string)[]) {
  const name = `pages-${digest(JSON.stringify(buildFiles))}`;
  return {
    /**
     * Deletes the pages kept by other builds' workers (on activation); true if there were any
     * (this worker replaces an older build's).
     */
    async dropOtherBuilds(): Promise<boolean> {
      const others = (await caches.keys()).filter(
        (other) => other.startsWith("pages") && other !== name,
      );
      await Promise.all(others.map((other) => caches.delete(other)));
      return others.length > 0;
    },

    /**
     * Keeps the pages open in the browser's windows when this worker starts (the visit that
     * installed it came before it): their next visit is answered at once too.
     */
    async keepOpenPages() {
      const [windows, cache, hint] = await Promise.all([
        self.clients.matchAll({ type: "window", includeUncontrolled: true }),
        caches.open(name),
        sessionHint(),
      ]);
      const ours = windows.filter((window) => new URL(window.url).origin === self.location.origin);
      const keeping: Promise<unknown>[] = [];
      const keep = (work: Promise<unknown>) => keeping.push(work.catch(() => undefined));
      // A page that cannot be fetched now is fetched on its next visit.
      await Promise.all(
        ours
          .map((window) => new Request(window.url, { redirect: "manual" }))
          .map((page) => keepFrom(fetch(page), page, cache, hint, keep).catch(() => undefined)),
      );
      await Promise.all(keeping);
    },

    /**
     * Opens the open pages again, under this worker (which controls them): a page the older
     * build's worker answered from its keep is of that build. workbox-window's own reload misses
     * a page that registered while this worker was already installing (its visit found the new
     * build), so this worker does it for all.
     */
    async reloadOpenPages() {
      const windows = await self.clients.matchAll({ type: "window" });
      await Promise.all(windows.map((window) => window.navigate(window.url).catch(() => null)));
    },

    /**
     * The page for `request`: for a visitor on a page behind sign-in, a redirect where the
     * server would send them (decided by the same session hint and this build's list, without
     * its round trip); else kept for this session, else from the network, else (offline, or no
     * answer in time) as last kept; without its preloads (above). Undefined: none of these.
     */
    async answer(request: Request, event: FetchEvent): Promise<Response | undefined> {
      const later = (work: Promise<unknown>) => event.waitUntil(work.catch(() => undefined));
      // Asked for by the browser as the navigation began (navigation preload, enabled by
      // enableNavigationPreload): settled within the event even when not used.
      const preloaded: Promise<Response | undefined> = event.preloadResponse;
      later(preloaded);
      const [cache, hint] = await Promise.all([caches.open(name), sessionHint()]);
      // Offline, the server would not have answered either: the page says it needs a connection.
      const away =
        hint === VISITOR && self.navigator.onLine
          ? visitorGoesFrom(new URL(request.url).pathname)
          : undefined;
      if (away) return Response.redirect(new URL(away, self.location.origin), 302);
      const kept = await cache.match(request);
      const network = preloaded.then((response) => response ?? fetch(request));
      const fresh = keepFrom(network, request, cache, hint, later);
      later(fresh);
      if (kept && hint !== undefined && kept.headers.get(KEPT_FOR) === hint && current(kept))
        return served(kept);
      try {
        const page = await withinNetworkWait(fresh);
        return readable(page) ? served(page) : page;
      } catch {
        return kept && served(kept);
      }
    },
  };
}

/**
 * The page from the network, answered as soon as its headers are in; kept meanwhile (`later`:
 * work the worker must be let finish). A page itself (not a redirect, not an error) is kept, but
 * never one the server rendered for a session (`no-store`: its user and balances, game-server's
 * page-render.ts), which would show them after a sign-out.
 */
async function keepFrom(
  network: Promise<Response>,
  request: Request,
  cache: Cache,
  hint: string | undefined,
  later: (work: Promise<unknown>) => void,
) {
  const response = await network;
  if (hint === undefined) return response;
  if (response.status === 200 && readable(response) && !noStore(response)) {
    const headers = new Headers(response.headers);
    headers.set(KEPT_FOR, hint);
    headers.set(KEPT_AT, String(Date.now()));
    const copy = response.clone();
    later(cache.put(request, new Response(copy.body, { status: 200, headers })));
  }
  return response;
}

/**
 * A page's own answer, not an opaque one (a redirect): "basic" from this worker's fetch,
 * "default" from the browser's navigation preload.
 */
const readable = (response: Response) => response.type === "basic" || response.type === "default";

const noStore = (response: Response) =>
  response.headers.get("cache-control")?.includes("no-store") ?? false;

/**
 * A kept page to answer at once: a build's page always; one with the page's data (the server's
 * pages for visitors) only while as old as its `stale-while-revalidate` says, after that the
 * network is asked first, as for a page not kept.
 */
function current(kept: Response): boolean {
  const stale = /stale-while-revalidate=(\d+)/.exec(kept.headers.get("cache-control") ?? "");
  return !stale || Date.now() - Number(kept.headers.get(KEPT_AT)) <= Number(stale[1]) * 1000;
}

/**
 * A page as this worker serves it: without its preloads, the `Link` ones and the module ones; a
 * kept one with the time it was kept in its head (PAGE_KEPT_META: its data is as it was then).
 */
export function served(page: Response): Response {
  const headers = new Headers(page.headers);
  const keptAt = headers.get(KEPT_AT);
  headers.delete(KEPT_FOR);
  headers.delete(KEPT_AT);
  headers.delete("link");
  let body = page.body;
  if (body && headers.get("content-type")?.startsWith("text/html")) {
    const mark = keptAt ? `<meta name="${PAGE_KEPT_META}" content="${Number(keptAt)}">` : "";
    body = withoutModulePreloads(body, mark);
    headers.delete("content-length");
  }
  return new Response(body, { status: page.status, statusText: page.statusText, headers });
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;

/**
 * A page's HTML without the `<link rel="modulepreload">` tags of its head (and with `mark` at the
 * head's end). Those tags serve a first visit, whose scripts come over the network: asked for at
 * once, they arrive together instead of one import after another. A page this worker answers has
 * every script in the precache, where the preloads only cost the renderer time as it commits the
 * page (a lottery's page, 24 of them: 85 ms of its main thread on a slow phone;
 * docs/first-load.md). The head is held until it ends, the rest passes as it comes.
 */
export function withoutModulePreloads(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  mark = "",
): ReadableStream<Uint8Array<ArrayBuffer>> {
  let head: string | null = "";
  const strip = new TransformStream<string, string>({
    transform(chunk, page) {
      if (head === null) return page.enqueue(chunk);
      head += chunk;
      const end = head.indexOf("</head>");
      if (end < 0) return;
      page.enqueue(head.slice(0, end).replace(MODULE_PRELOAD, "") + mark + head.slice(end));
      head = null;
    },
    flush(page) {
      if (head) page.enqueue(head.replace(MODULE_PRELOAD, "") + mark);
    },
  });
  return body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(strip)
    .pipeThrough(new TextEncoderStream());
}

/** The browser's session hint ("" without a session); undefined where a worker cannot read it. */
async function sessionHint(): Promise<string | undefined> {
  if (!("cookieStore" in self)) return undefined;
  try {
    return (await self.cookieStore.get(SIGNED_IN_COOKIE))?.value ?? "";
  } catch {
    return undefined;
  }
}

/**
 * Lets the browser ask the network for a page as its navigation begins, while this worker
 * starts (a phone stops an idle worker; starting it again costs tens to hundreds of
 * milliseconds) and looks for the kept page: answer() takes that answer instead of fetching.
 * Where a browser has it not, or refuses it, preloadResponse is undefined and the worker fetches.
 */
export async function enableNavigationPreload() {
  await self.registration.navigationPreload?.enable().catch(() => undefined);
}

function withinNetworkWait(response: Promise<Response>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer in time")), NETWORK_WAIT_MS);
    response.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** FNV-1a, 32 bits, in hex: a short name that changes with the build's file list. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}
