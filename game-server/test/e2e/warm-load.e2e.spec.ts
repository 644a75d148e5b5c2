import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import {
  copyOfBuild,
  hasChromium,
  launchBrowser,
  signInContext,
} from "@igp/test-support/browser.ts";
import { signUpPlayer, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import { expectPageProblems } from "@igp/test-support/page-problems.ts";
import { startWorkerRoundTrip } from "@igp/test-support/worker-round-trip.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The coin flip's tables: a page of the build (client/scripts/prerender-pages.ts), not one the
 * server renders for a session (the lobbies, a round's page: `no-store`, never kept).
 */
const TABLES = "/play/instant/coin-flip";
const TABLES_PAGE = "pages/play/instant/coin-flip.html";

/**
 * A repeat visit (issue 31: warm loads): the service worker answers a page it kept from this
 * build at once, without the preloads the server made for it (client/src/sw-pages.ts says why),
 * fetches it again meanwhile for the next visit, and sends a browser without a session from a
 * page behind sign-in where the server would (to sign in; the profile: home) without asking it. The server answers from a copy of the build, whose tables' page
 * the test changes on disk to tell the server's page from the kept one.
 */
describe.skipIf(!hasChromium)("a repeat visit, the page from the service worker (Chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  let build: string;
  let copy: Awaited<ReturnType<typeof copyOfBuild>> | undefined;
  beforeAll(async () => {
    copy = await copyOfBuild("igp-warm-load-");
    build = copy.dist;
    server = await startTestServer({ clientDirectory: build });
    browser = await launchBrowser();
    token = (await signUpPlayer(server, "Repeat Visitor")).token;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await copy?.remove();
  });

  /** A signed-in browser whose worker controls the tables and has kept their page. */
  async function tablesKept(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInContext(context, token);
    const page = await context.newPage();
    await openTables(page);
    await workerInControl(page);
    // The first page the worker answers: from the network, kept.
    await openTables(page);
    return { context, page };
  }

  async function openTables(page: Page) {
    const response = await page.goto(`${server.url}${TABLES}`);
    await page.getByRole("button", { name: "Deposit" }).waitFor();
    return response;
  }

  it("answers the kept page without its preloads, and keeps the server's next one", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await tablesKept();
    // From now on the server's page carries a mark; the page kept from the visit before does not.
    const html = await readFile(path.join(build, TABLES_PAGE), "utf8");
    await writeText(TABLES_PAGE, html.replace("<html", '<html data-fetched="again"'));
    await openTables(page);
    expect(await fetchedAgain(page)).toBeUndefined();
    // The session's read is the page's script's (reading the cookie as it is), not a preload
    // made for the session the page was kept for.
    expect(await initiatorOf(page, "/api/login/user")).toBe("fetch");
    // The worker fetched the page again meanwhile: the next visit gets that one.
    await expect
      .poll(
        async () => {
          await openTables(page);
          return fetchedAgain(page);
        },
        { timeout: 30_000 },
      )
      .toBe("again");
    await context.close();
  });

  it("serves its pages without module preloads (their scripts are in the precache), and they work", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await tablesKept();
    // The server's pages have them: a first visit needs them.
    const fromServer = await (await fetch(`${server.url}${TABLES}`)).text();
    expect(fromServer).toContain('rel="modulepreload"');
    // The kept page, then one rendered for the session (fetched by the worker, never kept).
    const lobby = "/play/instant/coin-flip/lobby";
    for (const route of [TABLES, lobby]) {
      const response = await page.goto(`${server.url}${route}`);
      expect(response?.fromServiceWorker(), route).toBe(true);
      const html = await response!.text();
      expect(html, route).toContain('<script type="module"');
      expect(html, route).not.toContain("modulepreload");
      await page.getByRole("button", { name: "Deposit" }).waitFor();
      // Its scripts run: the menu opens. A press before hydration does nothing, so it is pressed
      // again while the menu is not open; one made as it hydrates may open it later (React
      // replays it), and an open menu hides the button from the accessibility tree: a press
      // that finds no button waits 5 s, then the menu is looked for again.
      const menu = page.getByRole("dialog", { name: "Menu" });
      const toggle = page.getByRole("button", { name: "Menu" });
      await expect
        .poll(
          async () => {
            if (!(await menu.isVisible())) await toggle.click({ timeout: 5_000 }).catch(() => {});
            return menu.isVisible();
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    }
    await context.close();
  });

  it("takes each page from the browser's navigation preload, one request a visit", {
    timeout: 90_000,
  }, async () => {
    // The pages through a proxy that tells which requests for them reached the server.
    const requests: { path: string; preload?: string; dest?: string }[] = [];
    const proxy = await pagesThroughProxy((request) =>
      requests.push({
        path: request.url ?? "",
        preload: request.headers["service-worker-navigation-preload"] as string | undefined,
        dest: request.headers["sec-fetch-dest"] as string | undefined,
      }),
    );
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInContext(context, token);
    const page = await context.newPage();
    await page.goto(`${proxy.url}${TABLES}`);
    await workerInControl(page);
    await page.getByRole("button", { name: "Deposit" }).waitFor();
    // A kept page (answered at once, its preload kept for the next visit) and one rendered for
    // the session (the preload's answer is the page).
    const lobby = "/play/instant/coin-flip/lobby";
    for (const route of [TABLES, TABLES, lobby]) {
      requests.length = 0;
      const response = await page.goto(`${proxy.url}${route}`);
      expect(response?.fromServiceWorker(), route).toBe(true);
      await page.getByRole("button", { name: "Deposit" }).waitFor();
      await expect
        .poll(() => requests.filter((request) => request.path === route), { timeout: 10_000 })
        .toEqual([{ path: route, preload: "true", dest: "document" }]);
    }
    await context.close();
    await proxy.close();
  });

  it("answers the build's scripts from the precache without the worker's script (static route)", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await tablesKept();
    const scripts = await routedScripts(page);
    expect(scripts.length).toBeGreaterThan(1);
    // Matched by the install's route and answered from the cache, not by a fetch event.
    for (const script of scripts)
      expect(script, script.name).toMatchObject({ matched: "cache", final: "cache" });
    // A hashed file the precache does not have goes to the network (the server's 404).
    const missing = await page.evaluate(
      async () => (await fetch("/assets/missing-00000000.js")).status,
    );
    expect(missing).toBe(404);
    expect(expectPageProblems(/missing-00000000\.js.*404|404.*missing-00000000\.js/)).toHaveLength(
      1,
    );
    await context.close();
  });

  it("sends a browser signed out since the page was kept to sign in, not to the kept page", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await tablesKept();
    await context.clearCookies();
    await page.goto(`${server.url}${TABLES}`);
    await page.waitForURL(`${server.url}/auth/login?next=${encodeURIComponent(TABLES)}`);
    await context.close();
  });

  it("sends a visitor from a page behind sign-in itself, where the server would, never a player", {
    timeout: 90_000,
  }, async () => {
    // The pages through a proxy, closed once the sign-in page is kept: the server unreachable
    // while the browser is online (offline, the pages say they need a connection instead).
    const proxy = await pagesThroughProxy();
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${proxy.url}/auth/login`);
    await workerInControl(page);
    await expect.poll(() => keptPages(page), { timeout: 30_000 }).toContain("/auth/login");
    await proxy.close();
    for (const [from, to] of [
      [TABLES, `/auth/login?next=${encodeURIComponent(TABLES)}`],
      ["/create/private/spin-wheel", "/auth/login"],
      ["/dashboard/profile", "/"],
    ] as const) {
      const response = await page.goto(`${proxy.url}${from}`);
      // Answered by the worker: the redirect, then the sign-in page it kept.
      expect(response?.request().redirectedFrom()?.url(), from).toBe(`${proxy.url}${from}`);
      expect(page.url(), from).toBe(`${proxy.url}${to}`);
    }
    await page.goto(`${proxy.url}${TABLES}`);
    await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
    // A page open to visitors is theirs; signed in, so is the page behind sign-in (the worker
    // sends neither away; unreachable, the server's page is not there either: its shell).
    const open = `${proxy.url}/play/instant/lottery`;
    expect((await page.goto(open))?.request().redirectedFrom()).toBeNull();
    expect(page.url()).toBe(open);
    await signInContext(context, token);
    expect((await page.goto(`${proxy.url}${TABLES}`))?.request().redirectedFrom()).toBeNull();
    expect(page.url()).toBe(`${proxy.url}${TABLES}`);
    await context.close();
    // The pages of the closed address logged the reads that could not reach the server.
    const closed = new RegExp(`^${proxy.url.replaceAll(".", "\\.")}/`);
    expectPageProblems(closed);
  });

  it("never keeps a page the server rendered for a session (its user and balances)", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await tablesKept();
    const lobby = "/play/instant/coin-flip/lobby";
    await page.goto(`${server.url}${lobby}`);
    await page.getByRole("button", { name: "Deposit" }).waitFor();
    const kept = await keptPages(page);
    expect(kept).toContain(TABLES);
    expect(kept).not.toContain(lobby);
    await context.close();
  });

  it("answers a visitor's lottery list from its keep at once, then reads the list again; not once too old", {
    timeout: 90_000,
  }, async () => {
    const list = `${server.url}/play/instant/lottery`;
    await createLottery(server, { title: "Kept Lottery" });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(list);
    await page.getByRole("heading", { name: "Kept Lottery" }).waitFor();
    await workerInControl(page);
    // Rendered by the server for visitors (public reads): the worker fetches it and keeps it.
    await page.goto(list);
    await expect
      .poll(() => keptPages(page), { timeout: 30_000 })
      .toContain("/play/instant/lottery");
    await createLottery(server, { title: "Opened Since" });
    // The kept page, marked with when it was kept, at once; the lottery opened since once read.
    const before = await page.evaluate(() => Date.now());
    const kept = await page.goto(list);
    expect(await kept!.text()).toMatch(/<meta name="igp-kept-at" content="\d+"><\/head>/);
    await page.getByRole("heading", { name: "Opened Since" }).waitFor();
    expect(await page.getByRole("heading", { name: "Kept Lottery" }).isVisible()).toBe(true);
    // Kept longer ago than its stale-while-revalidate (600 s): from the network, unmarked. (The
    // worker keeps the page it fetched meanwhile first: then it is made old.)
    const path = "/play/instant/lottery";
    await expect
      .poll(() => page.evaluate(keptAt, { path }), { timeout: 30_000 })
      .toBeGreaterThan(before);
    await page.evaluate(keptAt, { path, keptAt: before - 11 * 60_000 });
    const fetched = await page.goto(list);
    expect(await fetched!.text()).not.toContain("igp-kept-at");
    await page.getByRole("heading", { name: "Opened Since" }).waitFor();
    await context.close();
  });

  /** A proxy in front of the server, adding no delay, telling `seen` of each request. */
  function pagesThroughProxy(seen?: Parameters<typeof startWorkerRoundTrip>[2]) {
    const instant = { latencyMs: 0, downloadBytesPerSecond: Number.POSITIVE_INFINITY };
    return startWorkerRoundTrip(server.url, instant, seen);
  }

  /** A text file of the build with its compressed copies (the server sends those when accepted). */
  async function writeText(file: string, text: string) {
    await writeFile(path.join(build, file), text);
    await writeFile(path.join(build, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(build, `${file}.gz`), gzipSync(text));
  }
});

/** How the page's first read of `path` was made ("link": a preload, "fetch": a script). */
const initiatorOf = (page: Page, path: string) =>
  page.evaluate(
    (wanted) =>
      (performance.getEntriesByType("resource") as unknown as ResourceEntry[]).find(
        (entry) => new URL(entry.name).pathname === wanted,
      )?.initiatorType,
    path,
  );

/** The page's `/assets/` scripts with the static route that answered each (Resource Timing). */
const routedScripts = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType("resource") as unknown as RoutedEntry[])
      .filter((entry) => /^\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({
        name: new URL(entry.name).pathname,
        matched: entry.workerMatchedSourceType,
        final: entry.workerFinalSourceType,
      })),
  );

/** The paths of the pages the service worker keeps (client/src/sw-pages.ts). */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const { caches } = globalThis as unknown as PageCaches;
    const names = (await caches.keys()).filter((name) => name.startsWith("pages"));
    const requests = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
    return requests.flat().map((request) => new URL(request.url).pathname);
  });

/**
 * When the worker kept its copy of `path` (its x-kept-at, client/src/sw-pages.ts; 0: not kept),
 * after setting it to `keptAt` when given. Run in the page: self-contained.
 */
async function keptAt({ path, keptAt }: { path: string; keptAt?: number }) {
  const { caches } = globalThis as unknown as PageCaches;
  for (const name of (await caches.keys()).filter((name) => name.startsWith("pages"))) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname !== path) continue;
      const page = (await cache.match(request))!;
      if (keptAt === undefined) return Number(page.headers.get("x-kept-at"));
      const headers = new Headers(page.headers);
      headers.set("x-kept-at", String(keptAt));
      await cache.put(request, new Response(await page.blob(), { status: 200, headers }));
      return keptAt;
    }
  }
  return 0;
}

/** The mark the server's page carries once changed (none on the page kept before). */
const fetchedAgain = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as PageGlobals).document.documentElement.dataset.fetched,
  );

/** The browser's objects these tests read (Node's types have no DOM). */
type ResourceEntry = { name: string; initiatorType: string };
type RoutedEntry = ResourceEntry & {
  workerMatchedSourceType?: string;
  workerFinalSourceType?: string;
};
type PageCaches = {
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{
      keys(): Promise<Request[]>;
      match(request: Request): Promise<Response | undefined>;
      put(request: Request, response: Response): Promise<void>;
    }>;
  };
};
type PageGlobals = {
  document: { documentElement: { dataset: Record<string, string | undefined> } };
};

/** Waits until the service worker controls the page (polled with evaluate: the CSP forbids eval). */
async function workerInControl(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (navigator as unknown as { serviceWorker: { controller: unknown } }).serviceWorker
              .controller !== null,
        ),
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
}
