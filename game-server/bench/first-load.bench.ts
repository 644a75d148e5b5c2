import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { hasChromium, launchBrowser } from "@igp/test-support/browser.ts";
import { startEmbeddedServer } from "@igp/test-support/server-process.ts";
import { signedInHint } from "@igp/test-support/signed-in-cookie.ts";
import { startWorkerRoundTrip } from "@igp/test-support/worker-round-trip.ts";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { type FirstLoadFixtures, makeFixtures } from "./first-load-fixtures.ts";
import { quantile } from "./measure.ts";

/**
 * `npm run bench:first-load`: the first load of every route of the player spec (section 2), and
 * of the back office's dashboard, as a phone on a slow network sees it, signed out and signed in
 * (a real session: a player registered through the API of the server the bench starts). Starts
 * the server as `npm start` does (the client must be built: `npm run build`) on a fresh embedded
 * database, makes what the routes show (first-load-fixtures.ts: a private coin flip whose shared
 * link the player opens, a drawn lottery whose page replays its drawing), then loads each route in
 * Chromium at 360x740 with the Slow 4G profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up, CPU 4x slower), each run in a new browser context (cold cache), and once more in the same
 * context (warm cache: the HTTP cache and the service worker, which the cold load waits for to
 * control its page before it closes, as it would long before a player's next visit). The profile
 * is the page's: a service worker's own requests are not throttled (Chromium emulates the network
 * per target; tried: the worker's target attached over the browser's CDP connection and throttled,
 * its fetches then took the round trip, the navigation's did not, cause not found), so the pages
 * load through a proxy (test-support/worker-round-trip.ts) that answers each page the worker fetches itself
 * (the open pages it keeps as it starts) after the round trip and the body's time a phone would
 * pay. A page the worker takes from the browser's navigation preload (on a warm load: one rendered
 * for the session, `no-store`, never kept; or a kept page fetched again for the next visit) is
 * throttled by Chromium as the page's own are (measured: with a 600 ms round trip, the preloaded
 * page's first byte came at 629 ms, against 185 with 150 ms).
 * Prints per route the medians of: largest contentful paint (cold, warm), when a game canvas
 * first painted (`game-canvas-painted`, the mark the client sets at a game picture's first frame),
 * when the page's data painted (elements marked `elementtiming`), when the page became usable
 * (its primary button hydrated: React's click or submit handler attached), bytes on the wire and
 * requests (cold, warm); a median marked "!" is of fewer runs than were made (the others never
 * recorded it). It measures; it never asserts a time. Its first line is the floor
 * (`/__floor`, below): a one-line page, what any page costs here before its own work.
 *   RUNS=3             runs per route (the machine is shared: medians smooth the noise)
 *   ROUTES=/,/demo     only these routes (as written in the table, `:code` included; the
 *                      floor only when named: `/__floor`)
 *   WHO=player         only the signed-out (`visitor`) or signed-in (`player`) loads
 *   TRACE=DIR          the first run's warm load of each route traced (Chromium's performance
 *                      trace, for chrome://tracing or DevTools) into DIR
 *   TRACE_CATEGORIES=a,b  the trace's categories instead of Playwright's (e.g. `blink,loading,
 *                      devtools.timeline,disabled-by-default-devtools.timeline` to see the parse)
 *   CPU_PROFILE=DIR    the first run's warm load of each route profiled (V8's sampling profiler
 *                      in the page, from the navigation until the figures are read: after the
 *                      canvas and the primary button; a .cpuprofile for DevTools) into DIR
 *   PHASES=1           also the first run's navigation phases (the worker's start, the HTML's
 *                      first and last byte, the first paint, the largest paint) and its slowest
 *                      requests before the largest paint, cold and warm: where the time went
 */
const RUNS = Number(process.env.RUNS ?? 3);
const PHASES = process.env.PHASES === "1";
const TRACE_DIR = process.env.TRACE || null;
const TRACE_CATEGORIES = process.env.TRACE_CATEGORIES?.split(",");
const CPU_PROFILE_DIR = process.env.CPU_PROFILE || null;
const PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  cpuSlowdown: 4,
};
const VIEWPORT = { width: 360, height: 740 };
const SUPER_ADMIN = { email: "bench@example.com", password: "bench-password-1" };
/** Quiet time after `load` before the paints are read (late chunks, the session's API calls). */
const SETTLE_MS = 1_000;
/** Longest wait for the primary button after `load`, and for a canvas where one is drawn. */
const USABLE_WAIT_MS = 5_000;
const CANVAS_WAIT_MS = 8_000;
/** Longest wait, after a cold load's figures are read, for the service worker to control it. */
const WORKER_WAIT_MS = 30_000;
/** The routes that draw a PixiJS canvas at once (a drawn lottery replays its drawing). */
const DRAWS_CANVAS = /^\/play\/instant\/lottery\/./;

type Who = "visitor" | "player" | "superAdmin";

/**
 * The player spec's routes (`/process/{token}` aside: it spends its one-time token and goes to
 * `/`), each with a CSS selector of its primary button: the first match inside `main` after any
 * redirect (a visitor on a signed-in route lands on the sign-in form: its submit button).
 */
const PLAYER_ROUTES = [
  "/",
  "/demo",
  "/demo/game/flip-coin",
  "/demo/game/spin-wheel",
  "/demo/game/lottery",
  "/instant",
  "/play/instant/coin-flip/lobby",
  "/play/instant/spin-wheel/lobby",
  "/play/instant/coin-flip",
  "/play/instant/spin-wheel",
  "/play/instant/lottery",
  // A shared private-game link, and the lottery's drawing (replayed: it is drawn).
  "/play/instant/coin-flip/:code",
  "/play/instant/lottery/:lottery",
  "/create/private/coin-flip",
  "/auth/login",
  "/auth/register",
  "/auth/reset",
  "/dashboard/profile",
  "/contact",
];
/** The primary button per page (by the address after any redirect); `main .button` elsewhere. */
const PRIMARY: [RegExp, string][] = [
  // A game card's link (the hero's Play Now is a plain anchor to the list: it works without us).
  [/^\/(instant|demo)?$/, "main .game-cards a.button"],
  [/^\/auth\//, "main form button[type=submit]"],
  [/^\/play\/instant\/(coin-flip|spin-wheel)\/lobby$/, "main form button"],
  [/^\/create\/private\//, "main button.button"],
  // The joiner's 'Join for …' (not the code's Copy or Share buttons).
  [/^\/play\/instant\/coin-flip\/[A-Z0-9]+$/, "main .round-view > button.button"],
  [/^\/admin\//, "nav a, nav button"],
  [/^\/dashboard\/profile$/, "main button"],
];

/**
 * The floor: a page of one line of text (no stylesheet, no image, no script), from a server of
 * the bench's own that lets the browser keep it (the warm load reads it from the HTTP cache),
 * loaded like every route. What it takes, cold or warm, any route takes too on this machine: the
 * new tab, the throttled renderer's start, the request, the commit and the first paint. Read
 * the routes' figures against it.
 */
const FLOOR = "/__floor";
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>' +
  '<p style="font: 16px sans-serif">One line of text.</p></html>';

async function startFloorServer(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "max-age=3600",
    });
    response.end(FLOOR_PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const LOADS = [
  { path: FLOOR, who: "visitor" as Who },
  ...PLAYER_ROUTES.flatMap((path) => [
    { path, who: "visitor" as Who },
    { path, who: "player" as Who },
  ]),
  { path: "/admin/dashboard", who: "superAdmin" as Who },
].filter(
  (load) =>
    (!process.env.ROUTES || process.env.ROUTES.split(",").includes(load.path)) &&
    (!process.env.WHO || load.who === "superAdmin" || process.env.WHO === load.who),
);

interface Load {
  lcpMs: number;
  /** The mark `game-canvas-painted` (NaN: no canvas on the page). */
  canvasMs: number;
  /** The first paint of an element marked `elementtiming` (NaN: none on the page). */
  dataMs: number;
  /** When the primary button had its handler (NaN: not within USABLE_WAIT_MS). */
  usableMs: number;
  /** What the largest contentful paint painted, and the primary button found. */
  lcpElement: string;
  /** The navigation's phases, ms since it started (PHASES=1 prints them). */
  phases: string;
  primary: string;
  bytes: number;
  requests: number;
}
type Figure = Exclude<keyof Load, "lcpElement" | "primary" | "phases">;

async function main() {
  if (!hasChromium) throw new Error("/usr/bin/chromium is missing (apt-get install chromium)");
  const { url, stop } = await startEmbeddedServer("first-load", SUPER_ADMIN);
  const browser = await launchBrowser();
  const floor = await startFloorServer();
  // The pages load through it: a warm page the worker fetches pays its round trip.
  const network = await startWorkerRoundTrip(url, PROFILE);
  try {
    const fixtures = await makeFixtures(url, SUPER_ADMIN);
    const loadBefore = loadavg()[0]!;
    console.log(
      `Slow 4G: ${PROFILE.latencyMs} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ${PROFILE.cpuSlowdown}x; ` +
        `${VIEWPORT.width}x${VIEWPORT.height}; medians of ${RUNS} runs; ` +
        `load average ${loadBefore.toFixed(1)} on ${cpus().length} cores\n`,
    );
    console.log(
      `${"route".padEnd(34)}${"who".padEnd(8)}${"LCP".padStart(6)}${"warm".padStart(6)}` +
        `${"canvas".padStart(8)}${"warm".padStart(6)}${"data".padStart(6)}` +
        `${"usable".padStart(8)}${"warm".padStart(6)}` +
        `${"KB".padStart(7)}${"req".padStart(5)}${"warm KB".padStart(9)}${"req".padStart(5)}`,
    );
    const elements: string[] = [];
    for (const route of LOADS) {
      const cold: Load[] = [];
      const warm: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        const origin = route.path === FLOOR ? floor.url : network.url;
        const address = `${origin}${await addressOf(route.path, fixtures)}`;
        const context = await newContext(browser, tokenOf(route.who, fixtures));
        // The floor has no service worker to wait for.
        cold.push(await load(context, address, { thenWorker: route.path !== FLOOR }));
        const first = run === 0;
        const trace = first && TRACE_DIR ? outputFile(TRACE_DIR, route, "json") : null;
        const profile =
          first && CPU_PROFILE_DIR ? outputFile(CPU_PROFILE_DIR, route, "cpuprofile") : null;
        warm.push(await load(context, address, { thenWorker: false, trace, profile, browser }));
        await context.close();
      }
      console.log(row(route.path, route.who, cold, warm));
      elements.push(
        `${route.path} (${route.who}): LCP ${cold[0]!.lcpElement || "-"}; warm ${warm[0]!.lcpElement || "-"}; ` +
          `primary ${cold[0]!.primary || "none"}` +
          (PHASES ? `\n    cold ${cold[0]!.phases}\n    warm ${warm[0]!.phases}` : ""),
      );
    }
    console.log(
      `\nload average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after` +
        `\npages the service worker fetched from the server, given the network's round trip: ${network.state.delayed}` +
        `\nLargest contentful paint and primary button (first run):\n  ${elements.join("\n  ")}`,
    );
  } finally {
    await browser.close();
    floor.close();
    await network.close();
    await stop();
  }
}

async function addressOf(path: string, fixtures: FirstLoadFixtures): Promise<string> {
  if (path.includes(":code")) path = path.replace(":code", await fixtures.newPrivateCoinFlip());
  return path.replace(":lottery", fixtures.drawnLotteryCode);
}

function tokenOf(who: Who, fixtures: FirstLoadFixtures): string | null {
  if (who === "visitor") return null;
  return who === "player" ? fixtures.playerToken : fixtures.superAdminToken;
}

/** One route's line: medians over the runs that recorded each figure. */
function row(path: string, who: Who, cold: Load[], warm: Load[]): string {
  const median = (loads: Load[], key: Figure) => {
    const values = loads
      .map((one) => one[key])
      .filter((value) => !Number.isNaN(value))
      .sort((a, b) => a - b);
    return values.length ? quantile(values, 0.5) : Number.NaN;
  };
  // A figure some runs did not record (a paint or a button that never came) is marked "!".
  const ms = (loads: Load[], key: Figure) => {
    const time = median(loads, key);
    if (Number.isNaN(time)) return "-";
    const missing = loads.some((one) => Number.isNaN(one[key]));
    return `${Math.round(time)}${missing ? "!" : ""}`;
  };
  const kb = (loads: Load[]) => (median(loads, "bytes") / 1024).toFixed(1);
  return (
    `${path.padEnd(34)}${who.padEnd(8)}${ms(cold, "lcpMs").padStart(6)}${ms(warm, "lcpMs").padStart(6)}` +
    `${ms(cold, "canvasMs").padStart(8)}${ms(warm, "canvasMs").padStart(6)}${ms(cold, "dataMs").padStart(6)}` +
    `${ms(cold, "usableMs").padStart(8)}${ms(warm, "usableMs").padStart(6)}` +
    `${kb(cold).padStart(7)}${ms(cold, "requests").padStart(5)}` +
    `${kb(warm).padStart(9)}${ms(warm, "requests").padStart(5)}`
  );
}

/** Where a route's warm load writes its trace or profile: DIR/<route>.<who>.warm.<extension>. */
function outputFile(dir: string, { path, who }: { path: string; who: Who }, extension: string) {
  mkdirSync(dir, { recursive: true });
  const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  return join(dir, `${name}.${who}.warm.${extension}`);
}

/** A fresh context (an empty cache) with the session's cookies when signed in. */
async function newContext(browser: Browser, token: string | null) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  if (token) {
    // As the server sets them at sign-in (test-support's signInContext).
    const cookie = { domain: "127.0.0.1", path: "/", sameSite: "Lax" as const };
    await context.addCookies([
      { ...cookie, name: "igp_session", value: token, httpOnly: true },
      { ...cookie, name: "igp_signed_in", value: signedInHint(token) },
    ]);
  }
  await context.addInitScript({
    content: WATCH_PRIMARY(PRIMARY.map(([pattern, selector]) => [pattern.source, selector])),
  });
  return context;
}

/**
 * One page load under the profile: its paints from the page, its bytes from the network; then,
 * `thenWorker`, the wait for the service worker to install and control the page.
 */
async function load(
  context: BrowserContext,
  address: string,
  options: {
    thenWorker: boolean;
    trace?: string | null;
    profile?: string | null;
    browser?: Browser;
  },
): Promise<Load> {
  const { thenWorker, trace, profile, browser } = options;
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  const counted = countTraffic(cdp);
  if (trace && browser)
    await browser.startTracing(page, {
      path: trace,
      screenshots: true,
      categories: TRACE_CATEGORIES,
    });
  if (profile) await startProfile(cdp);
  await page.goto(address, { waitUntil: "load", timeout: 90_000 });
  if (trace && browser) await browser.stopTracing();
  await until(page, "window.__usable !== undefined", USABLE_WAIT_MS);
  if (DRAWS_CANVAS.test(new URL(page.url()).pathname))
    await until(
      page,
      `performance.getEntriesByName("game-canvas-painted").length > 0`,
      CANVAS_WAIT_MS,
    );
  await page.waitForTimeout(SETTLE_MS);
  if (profile) await stopProfile(cdp, profile);
  const paints = (await page.evaluate(READ_PAINTS)) as Omit<Load, "bytes" | "requests">;
  const traffic = counted.totals();
  if (thenWorker) await until(page, "navigator.serviceWorker.controller !== null", WORKER_WAIT_MS);
  await page.close();
  return { ...paints, ...traffic };
}

async function startProfile(cdp: CDPSession) {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
}

async function stopProfile(cdp: CDPSession, file: string) {
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(file, JSON.stringify(profile));
}

/**
 * Polls `expression` in the page until it holds or `timeoutMs` has passed. (Not waitForFunction:
 * its string is evaluated by the page, which the site's CSP forbids; evaluate is not.)
 */
async function until(page: Page, expression: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await page.evaluate(expression).catch(() => false)) return;
    await page.waitForTimeout(100);
  }
}

async function throttle(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBytesPerSecond,
    uploadThroughput: PROFILE.uploadBytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpuSlowdown });
}

/** Bytes on the wire (headers included, as Chromium counts them) and requests of the page. */
function countTraffic(cdp: CDPSession) {
  const sizes = new Map<string, number>();
  cdp.on("Network.loadingFinished", (event) => sizes.set(event.requestId, event.encodedDataLength));
  return {
    totals() {
      let bytes = 0;
      for (const size of sizes.values()) bytes += size;
      return { bytes, requests: sizes.size };
    },
  };
}

/**
 * Runs in the page before its scripts: every 50 ms, looks for the primary button of the page it
 * is on and notes (`window.__usable`, ms since navigation) when React has attached its handler
 * (a click handler on it, or a submit handler on its form): from then a tap works. Strings, so
 * that tsx's helpers (`__name`) do not leak into the page.
 */
const WATCH_PRIMARY = (primary: [string, string][]) => `(() => {
  const PRIMARY = ${JSON.stringify(primary)};
  const reactProps = (node) => {
    const key = node && Object.keys(node).find((name) => name.startsWith("__reactProps$"));
    return key ? node[key] : null;
  };
  const describe = (element) => element.tagName.toLowerCase() + ' "' + (element.textContent || "").trim().slice(0, 30) + '"';
  const timer = setInterval(() => {
    if (!document.body) return;
    const path = location.pathname;
    const selector = (PRIMARY.find(([pattern]) => new RegExp(pattern).test(path)) || [, "main .button"])[1];
    const element = document.querySelector(selector);
    if (!element || element.disabled) return;
    const own = reactProps(element);
    const form = element.closest("form");
    if ((own && own.onClick) || (own && form && reactProps(form) && reactProps(form).onSubmit)) {
      window.__usable = performance.now();
      window.__primary = describe(element);
      clearInterval(timer);
    }
  }, 50);
})()`;

/**
 * Runs in the page: the paints recorded so far (buffered entries), the canvas mark and the
 * primary button's time.
 */
const READ_PAINTS = `new Promise((resolve) => {
  const entries = (type) => new Promise((done) => {
    const observer = new PerformanceObserver((list) => { observer.disconnect(); done(list.getEntries()); });
    observer.observe({ type, buffered: true });
    setTimeout(() => done([]), 500);
  });
  Promise.all([entries("largest-contentful-paint"), entries("element")]).then(([largest, marked]) => resolve({
    lcpMs: largest.at(-1)?.startTime ?? NaN,
    canvasMs: performance.getEntriesByName("game-canvas-painted")[0]?.startTime ?? NaN,
    dataMs: marked.length ? Math.min(...marked.map((entry) => entry.renderTime || entry.loadTime)) : NaN,
    usableMs: window.__usable ?? NaN,
    primary: window.__primary ?? "",
    phases: (() => {
      const [nav] = performance.getEntriesByType("navigation");
      const lcp = largest.at(-1)?.startTime ?? Infinity;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
      const ms = (time) => (time === undefined || time === 0 ? "-" : Math.round(time));
      const slowest = performance.getEntriesByType("resource")
        .filter((entry) => entry.responseEnd <= lcp)
        .sort((a, b) => b.responseEnd - a.responseEnd)
        .slice(0, 4)
        .map((entry) => entry.name.replace(location.origin, "").slice(0, 48) + " " + Math.round(entry.startTime) + "-" + Math.round(entry.responseEnd) + (entry.workerStart ? " (worker)" : ""));
      return "worker " + ms(nav?.workerStart) + ", HTML " + ms(nav?.responseStart) + "-" + ms(nav?.responseEnd) +
        ", DOM " + ms(nav?.domInteractive) + ", first paint " + ms(fcp) + ", LCP " + ms(largest.at(-1)?.startTime) +
        "; last requests before it: " + (slowest.join(", ") || "none");
    })(),
    lcpElement: (() => {
      const element = largest.at(-1)?.element;
      if (!element) return "";
      const text = (element.textContent ?? "").trim().replace(/\\s+/g, " ").slice(0, 40);
      return element.tagName.toLowerCase() + (element.className ? "." + String(element.className).split(" ")[0] : "") + (text ? ' "' + text + '"' : "");
    })(),
  }));
})`;

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
