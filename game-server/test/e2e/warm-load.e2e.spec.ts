import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import {
  ensureClientBuilt,
  hasChromium,
  launchBrowser,
  signInContext,
} from "@igp/test-support/browser.ts";
import { signUpPlayer, startTestServer, type TestServer } from "@igp/test-support/http.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLIENT_DIST = fileURLToPath(new URL("../../../client/dist", import.meta.url));
const LOBBY = "/play/instant/coin-flip/lobby";
/** The lobby's page in the build (client/scripts/prerender-pages.ts). */
const LOBBY_PAGE = "pages/play/instant/coin-flip/lobby.html";

/**
 * A repeat visit (issue 31: warm loads): the service worker answers a page it kept from this
 * build at once, with the preloads the server made for the same session (client/src/sw-pages.ts),
 * fetches it again meanwhile for the next visit, and sends a browser signed out since to the
 * server, which sends it to sign in. The server answers from a copy of the build, whose lobby page
 * the test changes on disk to tell the server's page from the kept one.
 */
describe.skipIf(!hasChromium)("a repeat visit, the page from the service worker (Chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  let build: string;
  beforeAll(async () => {
    ensureClientBuilt();
    build = await mkdtemp(path.join(tmpdir(), "igp-warm-load-"));
    await cp(CLIENT_DIST, build, { recursive: true });
    server = await startTestServer({ clientDirectory: build });
    browser = await launchBrowser();
    token = (await signUpPlayer(server, "Repeat Visitor")).token;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (build) await rm(build, { recursive: true, force: true });
  });

  /** A signed-in browser whose worker controls the lobby and has kept its page. */
  async function lobbyKept(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInContext(context, token);
    const page = await context.newPage();
    await openLobby(page);
    await workerInControl(page);
    // The first page the worker answers: from the network, kept.
    await openLobby(page);
    return { context, page };
  }

  async function openLobby(page: Page) {
    const response = await page.goto(`${server.url}${LOBBY}`);
    await page.getByRole("button", { name: "Deposit" }).waitFor();
    return response;
  }

  it("answers the kept page with its session preload, and keeps the server's next one", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await lobbyKept();
    // From now on the server's page carries a mark; the page kept from the visit before does not.
    const html = await readFile(path.join(build, LOBBY_PAGE), "utf8");
    await writeText(LOBBY_PAGE, html.replace("<html", '<html data-fetched="again"'));
    await openLobby(page);
    expect(await fetchedAgain(page)).toBeUndefined();
    // The session's read was preloaded by the kept page's `Link` header, not asked by a script.
    expect(await initiatorOf(page, "/api/login/user")).toBe("link");
    // The worker fetched the page again meanwhile: the next visit gets that one.
    await expect
      .poll(
        async () => {
          await openLobby(page);
          return fetchedAgain(page);
        },
        { timeout: 30_000 },
      )
      .toBe("again");
    await context.close();
  });

  it("sends a browser signed out since the page was kept to the server: to sign in", {
    timeout: 90_000,
  }, async () => {
    const { context, page } = await lobbyKept();
    await context.clearCookies();
    await page.goto(`${server.url}${LOBBY}`);
    await page.waitForURL(`${server.url}/auth/login?next=${encodeURIComponent(LOBBY)}`);
    await context.close();
  });

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

/** The mark the server's page carries once changed (none on the page kept before). */
const fetchedAgain = (page: Page) =>
  page.evaluate(
    () => (globalThis as unknown as PageGlobals).document.documentElement.dataset.fetched,
  );

/** The browser's objects these tests read (Node's types have no DOM). */
type ResourceEntry = { name: string; initiatorType: string };
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
