import { hasChromium, launchBrowser } from "@igp/test-support/browser.ts";
import { httpCaller, signUpPlayer } from "@igp/test-support/http.ts";
import { startEmbeddedServer } from "@igp/test-support/server-process.ts";
import type { Browser, BrowserContext, CDPSession } from "playwright-core";
import { signIn as signInSuperAdmin } from "./bench-api.ts";
import { quantile } from "./measure.ts";

/**
 * `npm run bench:first-load`: the first load of the player site and the back office as a player on
 * a slow phone network sees it. Starts the server as `npm start` does (the client must be built:
 * `npm run build`) on a fresh embedded database, then loads each route in Chromium at 360x740 with
 * the Slow 4G profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower), each
 * run in a new browser context (cold cache), and once more in the same context (warm cache).
 * Prints per route the medians of: first contentful paint, largest contentful paint (cold and
 * warm), when the page's data painted (the elements it marks with `elementtiming`, such as a
 * lobby's list: a prerendered frame can be the largest paint before its data arrives), bytes
 * transferred (all, JavaScript), requests. It measures; it never asserts a time.
 *   RUNS=5      runs per route (the machine is shared: medians smooth the noise)
 *   ROUTES=/,/demo   only these routes
 */
const RUNS = Number(process.env.RUNS ?? 5);
const PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  cpuSlowdown: 4,
};
const VIEWPORT = { width: 360, height: 740 };
const SUPER_ADMIN = { email: "bench@example.com", password: "bench-password-1" };
/** Quiet time after `load` before the paints are read (late chunks, the session's API calls). */
const SETTLE_MS = 2_000;

type Who = "visitor" | "player" | "superAdmin";
const ROUTES = (
  [
    { path: "/", who: "visitor" },
    { path: "/auth/login", who: "visitor" },
    { path: "/demo", who: "visitor" },
    { path: "/play/instant/coin-flip/lobby", who: "player" },
    { path: "/admin/dashboard", who: "superAdmin" },
  ] satisfies { path: string; who: Who }[]
).filter((route) => !process.env.ROUTES || process.env.ROUTES.split(",").includes(route.path));

interface Load {
  fcpMs: number;
  lcpMs: number;
  /** The first paint of an element marked `elementtiming` (NaN: none on the page). */
  dataMs: number;
  /** What the largest contentful paint painted (tag, first class, text). */
  lcpElement: string;
  bytes: number;
  scriptBytes: number;
  requests: number;
}

async function main() {
  if (!hasChromium) throw new Error("/usr/bin/chromium is missing (apt-get install chromium)");
  const { url, stop } = await startEmbeddedServer("first-load", SUPER_ADMIN);
  const browser = await launchBrowser();
  try {
    const tokens = await signIn(url);
    console.log(
      `Slow 4G: ${PROFILE.latencyMs} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ${PROFILE.cpuSlowdown}x; ` +
        `${VIEWPORT.width}x${VIEWPORT.height}; medians of ${RUNS} runs\n`,
    );
    console.log(
      `${"route".padEnd(32)}${"FCP ms".padStart(8)}${"LCP ms".padStart(8)}${"warm LCP".padStart(10)}` +
        `${"data ms".padStart(9)}${"warm data".padStart(11)}` +
        `${"KB".padStart(8)}${"JS KB".padStart(8)}${"requests".padStart(10)}${"warm KB".padStart(9)}`,
    );
    const elements: string[] = [];
    for (const route of ROUTES) {
      const cold: Load[] = [];
      const warm: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await newContext(browser, url, tokens[route.who]);
        cold.push(await load(context, `${url}${route.path}`));
        warm.push(await load(context, `${url}${route.path}`));
        await context.close();
      }
      // Over the runs that recorded it (a run whose data did not paint has NaN, which sorts nowhere).
      const median = (loads: Load[], key: Exclude<keyof Load, "lcpElement">) =>
        quantile(
          loads
            .map((one) => one[key])
            .filter((value) => !Number.isNaN(value))
            .sort((a, b) => a - b),
          0.5,
        );
      const kb = (bytes: number) => (bytes / 1024).toFixed(1);
      const ms = (time: number) => (Number.isNaN(time) ? "-" : String(Math.round(time)));
      console.log(
        `${route.path.padEnd(32)}${String(Math.round(median(cold, "fcpMs"))).padStart(8)}` +
          `${String(Math.round(median(cold, "lcpMs"))).padStart(8)}` +
          `${String(Math.round(median(warm, "lcpMs"))).padStart(10)}` +
          `${ms(median(cold, "dataMs")).padStart(9)}${ms(median(warm, "dataMs")).padStart(11)}` +
          `${kb(median(cold, "bytes")).padStart(8)}${kb(median(cold, "scriptBytes")).padStart(8)}` +
          `${String(median(cold, "requests")).padStart(10)}${kb(median(warm, "bytes")).padStart(9)}`,
      );
      elements.push(`${route.path}: cold ${cold[0]!.lcpElement}; warm ${warm[0]!.lcpElement}`);
    }
    console.log(`\nLargest contentful paint, the element (first run):\n  ${elements.join("\n  ")}`);
  } finally {
    await browser.close();
    await stop();
  }
}

/** A player's and the superAdmin's tokens (a visitor has none). */
async function signIn(url: string): Promise<Record<Who, string | null>> {
  const player = await signUpPlayer({ call: httpCaller(url) }, "Bench Player");
  const superAdmin = await signInSuperAdmin(url, SUPER_ADMIN.email, SUPER_ADMIN.password);
  return { visitor: null, player: player.token, superAdmin };
}

/** A fresh context: an empty cache, the token where the client keeps it. */
function newContext(browser: Browser, url: string, token: string | null) {
  return browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState: {
      cookies: [],
      origins: token ? [{ origin: url, localStorage: [{ name: "token", value: token }] }] : [],
    },
  });
}

/** One page load under the profile: its paints from the page, its bytes from the network. */
async function load(context: BrowserContext, address: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  const counted = countTraffic(cdp);
  await page.goto(address, { waitUntil: "load" });
  await page.waitForTimeout(SETTLE_MS);
  const paints = (await page.evaluate(READ_PAINTS)) as Pick<
    Load,
    "fcpMs" | "lcpMs" | "dataMs" | "lcpElement"
  >;
  const traffic = counted.totals();
  await page.close();
  return { ...paints, ...traffic };
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

/** Bytes on the wire (headers included, as Chromium counts them) per request, by resource type. */
function countTraffic(cdp: CDPSession) {
  const types = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => types.set(event.requestId, event.type ?? ""));
  cdp.on("Network.loadingFinished", (event) => sizes.set(event.requestId, event.encodedDataLength));
  return {
    totals() {
      let bytes = 0;
      let scriptBytes = 0;
      for (const [id, size] of sizes) {
        bytes += size;
        if (types.get(id) === "Script") scriptBytes += size;
      }
      return { bytes, scriptBytes, requests: sizes.size };
    },
  };
}

/**
 * Runs in the page: the paints recorded so far (buffered entries). A string, so that tsx's helpers
 * (`__name`) do not leak into the page.
 */
const READ_PAINTS = `new Promise((resolve) => {
  const entries = (type) => new Promise((done) => {
    const observer = new PerformanceObserver((list) => { observer.disconnect(); done(list.getEntries()); });
    observer.observe({ type, buffered: true });
    setTimeout(() => done([]), 500);
  });
  Promise.all([entries("paint"), entries("largest-contentful-paint"), entries("element")]).then(([paint, largest, marked]) => resolve({
    fcpMs: paint.find((entry) => entry.name === "first-contentful-paint")?.startTime ?? NaN,
    lcpMs: largest.at(-1)?.startTime ?? NaN,
    dataMs: marked.length ? Math.min(...marked.map((entry) => entry.renderTime || entry.loadTime)) : NaN,
    lcpElement: (() => {
      const element = largest.at(-1)?.element;
      if (!element) return "";
      const text = (element.textContent ?? "").trim().replace(/s+/g, " ").slice(0, 40);
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
