import { ensureClientBuilt, hasChromium, launchBrowser } from "@igp/test-support/browser.ts";
import {
  changingPairs,
  coinFaceShown,
  frameOf,
  recordScreen,
  wheelNumberUnderPointer,
} from "@igp/test-support/canvas-pixels.ts";
import { startTestServer, type TestServer } from "@igp/test-support/http.ts";
import { expectPageProblems } from "@igp/test-support/page-problems.ts";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * What a player sees of the demos' coin and wheel, read from the screen's pixels under the
 * site's real headers (its CSP forbids eval): the picture moves while it spins and comes to rest
 * on the announced result, with WebGL, with only a 2D canvas, and with reduced motion (shorter,
 * never skipped). With no renderer at all the player is told so with the result in words, and
 * the cause is logged. (Real rounds: coin-flip and spin-wheel e2e specs.)
 */
describe.skipIf(!hasChromium)("the game animations in Chromium (skipped: no Chromium)", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    ensureClientBuilt();
    server = await startTestServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true };

  /** A demo page; `renderers` takes away WebGL ("2d only") or every canvas context ("none"). */
  async function demoPage(
    game: "flip-coin" | "spin-wheel",
    options: BrowserContextOptions = PHONE,
    renderers: "all" | "2d only" | "none" = "all",
  ) {
    const context = await browser.newContext(options);
    if (renderers !== "all") await context.addInitScript({ content: withoutRenderers(renderers) });
    const page = await context.newPage();
    await page.goto(`${server.url}/demo/game/${game}`);
    await page.getByTestId("figure-play-money").first().waitFor();
    return page;
  }

  /** Starts the demo wheel on `number`; the screen is recorded from just before it starts. */
  async function spinTheWheel(page: Page, number: number) {
    await page.locator(".number-grid .wheel-number", { hasText: String(number) }).click();
    const screen = await recordScreen(page);
    await page.getByRole("button", { name: "Lock Number" }).click();
    await page.getByTestId("wheel-canvas").waitFor();
    return screen;
  }

  /** Closes the win or loss notice once the picture has landed; true for a win. */
  async function closeVerdict(page: Page) {
    const notice = page.getByRole("alertdialog", { name: /You won!|You lost/ });
    await notice.waitFor({ timeout: 30_000 });
    const won = (await notice.getByRole("heading").textContent()) === "You won!";
    await notice.getByRole("button", { name: "OK" }).click();
    await notice.waitFor({ state: "detached" });
    return won;
  }

  it("turns the demo wheel and stops it with the announced number under the pointer", {
    timeout: 60_000,
  }, async () => {
    const page = await demoPage("spin-wheel");
    const screen = await spinTheWheel(page, 3);
    const wheel = page.getByTestId("wheel-canvas");
    const turning = await screen.framesWhileMoving(wheel);
    expect(changingPairs(turning), turning.story).toBeGreaterThanOrEqual(3);
    const won = await closeVerdict(page);
    expect(await wheel.getAttribute("data-renderer")).toBe("webgl");
    const announced = Number(await page.getByTestId("winner-number").textContent());
    expect(wheelNumberUnderPointer(await frameOf(wheel))).toBe(announced);
    expect(won).toBe(announced === 3);
    await page.context().close();
  });

  it("flips the demo coin and lands it on the announced face", { timeout: 60_000 }, async () => {
    const page = await demoPage("flip-coin", { viewport: { width: 1280, height: 800 } });
    await page.getByRole("button", { name: "Heads (H)" }).click();
    const screen = await recordScreen(page);
    await page.getByRole("button", { name: "Lock Selection" }).click();
    const coin = page.getByTestId("coin-canvas");
    const turning = await screen.framesWhileMoving(coin, 2_000);
    expect(changingPairs(turning), turning.story).toBeGreaterThanOrEqual(3);
    const won = await closeVerdict(page);
    const face = coinFaceShown(await frameOf(coin));
    expect(face).toBe(await coin.getAttribute("data-face"));
    expect(won).toBe(face === "H");
    await page.context().close();
  });

  it("draws with a 2D canvas where WebGL is off, landing on the same number", {
    timeout: 60_000,
  }, async () => {
    const page = await demoPage("spin-wheel", PHONE, "2d only");
    const screen = await spinTheWheel(page, 5);
    const wheel = page.getByTestId("wheel-canvas");
    await page.locator('[data-testid="wheel-canvas"][data-renderer="canvas"]').waitFor();
    const turning = await screen.framesWhileMoving(wheel);
    expect(changingPairs(turning), turning.story).toBeGreaterThanOrEqual(3);
    await closeVerdict(page);
    const announced = Number(await page.getByTestId("winner-number").textContent());
    expect(wheelNumberUnderPointer(await frameOf(wheel))).toBe(announced);
    await page.context().close();
  });

  it("with reduced motion spins shorter, never skips, and lands on the announced result", {
    timeout: 60_000,
  }, async () => {
    const page = await demoPage("spin-wheel", { ...PHONE, reducedMotion: "reduce" });
    // Timed in the page, from the moment the wheel is on the page (its spin starts then, its
    // placeholder turning until PixiJS draws) until it says it landed: the test's own steps,
    // slow on a busy machine, are not counted.
    await page.evaluate(`{
      const times = (window.__wheel = {});
      new MutationObserver(() => {
        const wheel = document.querySelector('[data-testid="wheel-canvas"]');
        if (wheel && !times.shown) times.shown = performance.now();
        if (wheel?.dataset.landed && !times.landed) times.landed = performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }`);
    await spinTheWheel(page, 1);
    const wheel = page.getByTestId("wheel-canvas");
    await wheel.and(page.locator("[data-landed]")).waitFor({ timeout: 30_000 });
    const landedAfterMs = await page.evaluate("window.__wheel.landed - window.__wheel.shown");
    // The full spin is 4 s; reduced, about 1.5 s: shorter, but not a jump to the end.
    expect(landedAfterMs).toBeGreaterThan(900);
    expect(landedAfterMs).toBeLessThan(4_000);
    await closeVerdict(page);
    const announced = Number(await page.getByTestId("winner-number").textContent());
    expect(wheelNumberUnderPointer(await frameOf(wheel))).toBe(announced);
    await page.context().close();
  });

  it("without any renderer says the animation could not start and gives the result", {
    timeout: 60_000,
  }, async () => {
    const page = await demoPage("spin-wheel", PHONE, "none");
    await spinTheWheel(page, 2);
    const failed = page.getByTestId("animation-failed");
    await failed.waitFor();
    await closeVerdict(page);
    const announced = await page.getByTestId("winner-number").textContent();
    expect(await failed.textContent()).toBe(
      `The animation could not start; your result: ${announced}`,
    );
    expect(await page.getByTestId("wheel-canvas").getAttribute("data-landed")).toBe("true");
    // The cause is logged for whoever looks into it (and would fail any other journey).
    expect(expectPageProblems(/The game animation could not start/)).toHaveLength(1);

    const coinPage = await demoPage("flip-coin", PHONE, "none");
    await coinPage.getByRole("button", { name: "Tails (T)" }).click();
    await coinPage.getByRole("button", { name: "Lock Selection" }).click();
    await closeVerdict(coinPage);
    const face = await coinPage.getByTestId("coin-canvas").getAttribute("data-face");
    expect(await coinPage.getByTestId("animation-failed").textContent()).toBe(
      `The animation could not start; your result: ${face === "H" ? "Heads (H)" : "Tails (T)"}`,
    );
    expect(expectPageProblems(/The game animation could not start/)).toHaveLength(1);
    await page.context().close();
    await coinPage.context().close();
  });
});

/** An init script that takes canvas contexts away: WebGL (and WebGPU), or every kind. */
function withoutRenderers(which: "2d only" | "none") {
  const refused = which === "none" ? "true" : "/webgl|gpu/i.test(String(type))";
  return `{
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return ${refused} ? null : getContext.call(this, type, ...rest);
    };
    if (typeof OffscreenCanvas !== "undefined") {
      const offscreen = OffscreenCanvas.prototype.getContext;
      OffscreenCanvas.prototype.getContext = function (type, ...rest) {
        return ${refused} ? null : offscreen.call(this, type, ...rest);
      };
    }
    Object.defineProperty(navigator, "gpu", { value: undefined });
  }`;
}
