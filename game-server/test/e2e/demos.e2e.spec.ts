import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import {
  copyOfBuild,
  ensureClientBuilt,
  hasChromium,
  launchBrowser,
  SCREENSHOTS,
} from "@igp/test-support/browser.ts";
import { startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { expectPageProblems } from "@igp/test-support/page-problems.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

/**
 * The offline demos in Chromium: one visit with the network on installs the service worker; then
 * with the network off the site reloads, and each demo plays to a result on play money (coin flip,
 * spin wheel, a lottery draw), refuses bad input with the spec's messages, and keeps its money
 * across reloads. Pages of an account say they need a connection. Reduced motion shortens the
 * animations (the coin 15 s and the wheel 4 s become 1.5 s) without changing where they land.
 */
describe.skipIf(!hasChromium)("offline demos in Chromium (skipped: no /usr/bin/chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ensureClientBuilt();
    server = await startTestServer();
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      reducedMotion: "reduce",
    });
    page = await context.newPage();
  }, 120_000);
  // Offline on purpose: an account's data the page asks for cannot come, and the screen says
  // so (the tests check it); Chromium logs each refused request as an error. Nothing else may.
  afterEach(
    () => void expectPageProblems(/net::ERR_INTERNET_DISCONNECTED \(http[^ ]*\/(api|matchmake)\//),
  );
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shoot = (name: string) =>
    page.screenshot({ path: `${SCREENSHOTS}/demo-${name}-360.png`, fullPage: true });

  /** The play money a demo shows (in its figures, or its head), as a number of major units. */
  async function playMoney(): Promise<number> {
    const text = await page
      .getByTestId(/^(figure-)?play-money$/)
      .first()
      .textContent();
    return Number(text!.replace(/[^\d.]/g, ""));
  }

  /** Waits for a notice titled `title`, then closes it with OK. */
  async function dismissNotice(title: string) {
    const notice = page.getByRole("alertdialog", { name: title });
    await notice.waitFor();
    await notice.getByRole("button", { name: "OK" }).click();
    await notice.waitFor({ state: "detached" });
  }

  /** Waits for the win or loss notice of a round and closes it; true for a win. */
  async function verdict(): Promise<boolean> {
    const notice = page.getByRole("alertdialog", { name: /You won!|You lost/ });
    await notice.waitFor({ timeout: 20_000 });
    const won = (await notice.getByRole("heading").textContent()) === "You won!";
    await notice.getByRole("button", { name: "OK" }).click();
    return won;
  }

  async function setBet(value: string) {
    await page.getByLabel("Bet Amount").fill(value);
  }

  it("serves the web app manifest and the service worker, revalidated on every visit", async () => {
    const manifest = await server.call("GET", "/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.body).toMatchObject({
      name: "Instant Games",
      short_name: "Instant Games",
      start_url: "/",
      display: "standalone",
      theme_color: "#0b1120",
    });
    const icons = (manifest.body as { icons: { src: string; sizes: string }[] }).icons;
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of icons) {
      const response = await fetch(`${server.url}${icon.src}`);
      expect(response.headers.get("content-type")).toBe("image/png");
    }
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    // Its precache list holds the shell (the offline page) and the chunks.
    expect(await worker.text()).toMatch(/"url":"index\.html"/);
  });

  it("opens offline after one visit, and an unknown demo says 'Game not found'", {
    timeout: 90_000,
  }, async () => {
    await page.goto(`${server.url}/`);
    // The worker installs (precaching the shell and every chunk) and takes control of the page.
    await workerInControl(page);
    // Online, the worker still answers a visit with the prerendered page (it paints at once),
    // not with the empty shell it keeps for offline visits.
    const warm = await page.reload();
    expect(await warm?.text()).not.toContain('<div id="root"></div>');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("link", { name: "Demo" }).first().click();
    await page.getByRole("heading", { name: "Demo Games" }).waitFor();
    for (const label of ["Play Coin Flip Demo", "Play Spin Wheel Demo", "Buy Lottery Demo"]) {
      await page.getByRole("link", { name: label }).waitFor();
    }
    await shoot("list-offline");

    await page.goto(`${server.url}/demo/game/poker`);
    await page.getByText("Game not found").waitFor();
  });

  it("flips a coin offline: refuses bad bets, then wins or loses one bet of play money", {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${server.url}/demo/game/flip-coin`);
    await page.getByTestId("figure-play-money").first().waitFor();
    expect(await playMoney()).toBe(100);
    await shoot("flip");

    await page.getByRole("button", { name: "Lock Selection" }).click();
    await dismissNotice("Wait!");
    await page.getByRole("button", { name: "Heads (H)" }).click();
    for (const bad of ["0", "-5", "abc", "1.234"]) {
      await setBet(bad);
      await page.getByRole("button", { name: "Lock Selection" }).click();
      await dismissNotice("Invalid Bet");
    }
    await setBet("100.01");
    await page.getByRole("button", { name: "Lock Selection" }).click();
    await dismissNotice("Not Enough Funds");
    expect(await playMoney()).toBe(100);

    await setBet("10");
    await page.getByRole("button", { name: "Lock Selection" }).click();
    // Locked: the result overlay opens (a modal: the page behind is hidden from the roles).
    await page.getByRole("dialog", { name: "Coin flip result" }).waitFor();
    // The stake leaves at the lock, like a real round: while the coin turns the money is 90.
    const whileFlipping = await page.evaluate(`(() => {
      const coin = document.querySelector('[data-testid="coin-canvas"]');
      const money = document.querySelector('[data-testid="figure-play-money"]');
      return coin && coin.getAttribute("data-landed") ? "landed already" : money.textContent;
    })()`);
    // (A machine too slow to read it within the 1.5 s flip has nothing to compare.)
    if (whileFlipping !== "landed already") {
      expect(String(whileFlipping).replace(/\s/g, " ")).toBe("ETB 90.00");
    }
    await page.locator('[data-testid="coin-canvas"][data-landed="true"]').waitFor();
    const won = await verdict();
    const face = await page.getByTestId("coin-canvas").getAttribute("data-face");
    expect(won).toBe(face === "H");
    expect(await playMoney()).toBe(won ? 110 : 90);
    await shoot("flip-result");

    // The play money survives a reload (offline still), and Play Again starts a fresh round.
    await page.reload();
    await page.getByRole("button", { name: "Lock Selection" }).waitFor();
    expect(await playMoney()).toBe(won ? 110 : 90);
  });

  it("spins the wheel offline: refuses bad input, then pays twice the bet or takes the bet", {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${server.url}/demo/game/spin-wheel`);
    await page.getByTestId("figure-play-money").first().waitFor();
    expect(await playMoney()).toBe(1000);

    await page.getByRole("button", { name: "Lock Number" }).click();
    await dismissNotice("No Number Selected");
    await page.locator(".number-grid .wheel-number", { hasText: "3" }).click();
    for (const bad of ["0", "-10", "ten", "1000.01"]) {
      await setBet(bad);
      await page.getByRole("button", { name: "Lock Number" }).click();
      await dismissNotice("Invalid Input");
    }
    expect(await playMoney()).toBe(1000);

    await setBet("10");
    await page.getByRole("button", { name: "Lock Number" }).click();
    await page.locator('[data-testid="wheel-canvas"][data-landed="true"]').waitFor();
    const won = await verdict();
    const winner = Number(await page.getByTestId("winner-number").textContent());
    expect(won).toBe(winner === 3);
    expect(await playMoney()).toBe(won ? 1020 : 990);
    await shoot("spin-result");

    await page.getByRole("button", { name: "Play Again" }).click();
    await page.getByRole("button", { name: "Lock Number" }).waitFor();
  });

  it("buys lottery tickets offline and draws: the prize if a ticket of mine wins", {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${server.url}/demo/game/lottery`);
    const grand = page.locator('[data-lottery="grand"]');
    await grand.waitFor();
    expect(await playMoney()).toBe(500);

    await grand.getByRole("button", { name: "Buy Ticket" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await playMoney()).toBe(500);
    await grand.getByRole("button", { name: "Buy Ticket" }).click();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await dismissNotice("Ticket purchased");
    expect(await playMoney()).toBe(400);
    const mine = Number((await grand.getByTestId("tickets").textContent())!.replace(/\D/g, ""));
    expect(mine).toBeGreaterThanOrEqual(1);
    expect(mine).toBeLessThanOrEqual(10);
    await shoot("lottery-list");

    await grand.getByRole("button", { name: "Watch the draw" }).click();
    await page.locator('[data-testid="lottery-drawing"][data-landed="true"]').waitFor();
    const won = await verdict();
    const winning = Number(await page.getByTestId("winner-ticket").textContent());
    expect(won).toBe(winning === mine);
    await shoot("lottery-draw");
    await page.getByRole("button", { name: "Buy Another Lottery Tickets" }).click();
    expect(await playMoney()).toBe(won ? 5400 : 400);
    await expect.poll(() => grand.getByTestId("tickets").textContent()).toContain("No tickets yet");
  });

  it("refuses a ticket without the money, resets a tampered store, ends in 'Game Over!'", {
    timeout: 60_000,
  }, async () => {
    await page.evaluate(() =>
      localStorage.setItem(
        "demo:lottery",
        JSON.stringify({ balance: 10_00, pending: null, history: [], tickets: {} }),
      ),
    );
    await page.reload();
    const mini = page.locator('[data-lottery="mini"]');
    await mini.getByRole("button", { name: "Buy Ticket" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await dismissNotice("Not enough balance to buy ticket.");
    expect(await playMoney()).toBe(10);
    await page.getByText("Game Over!").waitFor();
    await page.getByRole("button", { name: "Reset play money" }).click();
    expect(await playMoney()).toBe(500);

    // A negative or non-numeric stored balance reads as the starting one; the page still works.
    for (const balance of [-500, "lots"]) {
      await page.evaluate(
        (value) =>
          localStorage.setItem(
            "demo:flip-coin",
            JSON.stringify({ balance: value, pending: null, history: [], tickets: {} }),
          ),
        balance,
      );
      await page.goto(`${server.url}/demo/game/flip-coin`);
      await page.getByRole("button", { name: "Lock Selection" }).waitFor();
      expect(await playMoney()).toBe(100);
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem("demo:flip-coin")!).balance),
      ).toBe(100_00);
    }
  });

  it("says offline that the pages of an account need a connection", {
    timeout: 30_000,
  }, async () => {
    await page.goto(`${server.url}/play/instant/coin-flip/lobby`);
    await page.getByText("This page needs a connection.", { exact: false }).waitFor();
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByText("You are offline").waitFor();
    await shoot("needs-connection");
    await page.getByRole("link", { name: "Play the demos" }).click();
    await page.getByRole("heading", { name: "Demo Games" }).waitFor();
    await context.setOffline(false);
  });
});

/**
 * A new deploy while the player's app is cached: the new service worker installs, takes over and
 * the open page reloads onto the new build, instead of the player staying on the old one.
 */
describe.skipIf(!hasChromium)("a new deploy in Chromium (skipped: no /usr/bin/chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  let build: string;
  let copy: Awaited<ReturnType<typeof copyOfBuild>> | undefined;
  beforeAll(async () => {
    copy = await copyOfBuild("igp-client-");
    build = copy.dist;
    server = await startTestServer({ clientDirectory: build });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await copy?.remove();
  });

  /**
   * What a deploy changes: the pages (the shell and the prerendered /demo), and the worker's
   * record of the shell (its precache revision).
   */
  async function deploy(title: string) {
    for (const file of ["index.html", "pages/demo.html"]) {
      const page = path.join(build, file);
      const html = await readFile(page, "utf8");
      const deployed = html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
      await writeFile(page, deployed);
      // The server sends the build's compressed copies when the browser accepts them.
      await writeFile(`${page}.br`, brotliCompressSync(deployed));
      await writeFile(`${page}.gz`, gzipSync(deployed));
    }
    const worker = path.join(build, "sw.js");
    const code = await readFile(worker, "utf8");
    const updated = code.replace(
      /(\{"revision":")[0-9a-f]+(","url":"index\.html"\})/,
      `$1${randomUUID().replaceAll("-", "")}$2`,
    );
    expect(updated).not.toBe(code);
    await writeFile(worker, updated);
  }

  /** The shell the worker keeps for offline visits (its precached index.html). */
  const offlineShell = (page: Page) =>
    page.evaluate(async () => {
      const { caches } = globalThis as unknown as BrowserCaches;
      const found = await caches.match("/index.html", { ignoreSearch: true });
      return found ? found.text() : "";
    });

  it("reloads an open page onto the new build", { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/demo`);
    await workerInControl(page);
    expect(await page.title()).toBe("Instant Games");

    await deploy("Instant Games (new deploy)");
    // The browser checks for a new worker on navigations; the page then reloads by itself.
    await page.reload();
    await expect
      .poll(() => page.title().catch(() => ""), { timeout: 60_000 })
      .toBe("Instant Games (new deploy)");
    await page.getByRole("heading", { name: "Demo Games" }).waitFor();
    // The new worker took over: offline, the new build's shell opens.
    await expect
      .poll(() => offlineShell(page), { timeout: 30_000 })
      .toContain("<title>Instant Games (new deploy)</title>");
  });
});

/**
 * Waits until the service worker controls the page. (Polled with evaluate: waitForFunction with
 * a string evaluates it, which the site's CSP forbids.)
 */
async function workerInControl(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => (navigator as unknown as ServiceWorkerNavigator).serviceWorker.controller !== null,
        ),
      {
        timeout: 60_000,
        interval: 250,
      },
    )
    .toBe(true);
}

/** The browser's navigator, as far as these tests read it (Node's type has no service worker). */
type ServiceWorkerNavigator = { serviceWorker: { controller: unknown } };

/** The page's Cache Storage, as much of it as these tests read (the server's types have no DOM). */
interface BrowserCaches {
  caches: {
    match(
      url: string,
      options: { ignoreSearch: boolean },
    ): Promise<{ text(): Promise<string> } | undefined>;
  };
}
