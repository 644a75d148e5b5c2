import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, CDPSession } from "playwright-core";
import { hasChromium, launchBrowser } from "../../test-support/browser.ts";
import { freePort } from "../../test-support/global-setup.ts";
import { httpCaller } from "../../test-support/http.ts";
import { spawnServer, waitForHealth } from "../../test-support/server-process.ts";
import { quantile } from "./measure.ts";

/**
 * `npm run bench:first-load`: the first load of the player site and the back office as a player on
 * a slow phone network sees it. Starts the server as `npm start` does (the client must be built:
 * `npm run build`) on a fresh embedded database, then loads each route in Chromium at 360x740 with
 * the Slow 4G profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower), each
 * run in a new browser context (cold cache), and once more in the same context (warm cache).
 * Prints per route the medians of: first contentful paint, largest contentful paint (cold and
 * warm), bytes transferred (all, JavaScript), requests. It measures; it never asserts a time.
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
  /** What the largest contentful paint painted (tag, first class, text). */
  lcpElement: string;
  bytes: number;
  scriptBytes: number;
  requests: number;
}

async function main() {
  if (!hasChromium) throw new Error("/usr/bin/chromium is missing (apt-get install chromium)");
  const { url, stop } = await startServer();
  const browser = await launchBrowser();
  try {
    const tokens = await signIn(url);
    console.log(
      `Slow 4G: ${PROFILE.latencyMs} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ${PROFILE.cpuSlowdown}x; ` +
        `${VIEWPORT.width}x${VIEWPORT.height}; medians of ${RUNS} runs\n`,
    );
    console.log(
      `${"route".padEnd(32)}${"FCP ms".padStart(8)}${"LCP ms".padStart(8)}${"warm LCP".padStart(10)}` +
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
      const median = (loads: Load[], key: Exclude<keyof Load, "lcpElement">) =>
        quantile(
          loads.map((one) => one[key]).sort((a, b) => a - b),
          0.5,
        );
      const kb = (bytes: number) => (bytes / 1024).toFixed(1);
      console.log(
        `${route.path.padEnd(32)}${String(Math.round(median(cold, "fcpMs"))).padStart(8)}` +
          `${String(Math.round(median(cold, "lcpMs"))).padStart(8)}` +
          `${String(Math.round(median(warm, "lcpMs"))).padStart(10)}` +
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

/** The server as `npm start` runs it, on a fresh embedded PostgreSQL under a temporary DATA_DIR. */
async function startServer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "igp-first-load-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    SUPERADMIN_EMAIL: "bench@example.com",
    SUPERADMIN_PASSWORD: "bench-password-1",
    LOG_LEVEL: "warn",
  });
  try {
    await waitForHealth(server, url, 120_000);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A player's and the superAdmin's tokens (a visitor has none). */
async function signIn(url: string): Promise<Record<Who, string | null>> {
  const call = httpCaller(url);
  const phone = "0911000001";
  const password = "secret12";
  await call("POST", "/api/auth/user/register", {
    body: { phone, fullName: "Bench Player", password, confirmPassword: password },
  });
  const player = await call("POST", "/api/auth/user/login", { body: { phone, password } });
  const root = await call("POST", "/api/auth/user/login", {
    body: { phone: "bench@example.com", password: "bench-password-1" },
  });
  if (!player.body?.token || !root.body?.token) throw new Error("could not sign in");
  return { visitor: null, player: player.body.token, superAdmin: root.body.token };
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
  const paints = (await page.evaluate(READ_PAINTS)) as Pick<Load, "fcpMs" | "lcpMs" | "lcpElement">;
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
  Promise.all([entries("paint"), entries("largest-contentful-paint")]).then(([paint, largest]) => resolve({
    fcpMs: paint.find((entry) => entry.name === "first-contentful-paint")?.startTime ?? NaN,
    lcpMs: largest.at(-1)?.startTime ?? NaN,
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
