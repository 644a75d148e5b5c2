import {
  hasChromium,
  holdScripts,
  signInContext,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { fundedPlayer } from "@igp/test-support/games.ts";
import { signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The game screens prerendered as what a player sees first (issue 31): they paint before any
 * script has arrived, and the script takes them over without a hydration error (any console error
 * fails the test), showing what the browser knows that the build did not.
 */
describe.skipIf(!hasChromium)(
  "prerendered game screens in Chromium (skipped: no /usr/bin/chromium)",
  () => {
    let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
    let server: TestServer;
    let browser: Browser;
    beforeAll(async () => {
      journey = await startBrowserJourney("prerendered-games-");
      ({ server, browser } = journey);
    });
    afterAll(() => journey?.stop());

    it("a demo is its game before its script runs, then shows the play money stored in the browser", {
      timeout: 60_000,
    }, async () => {
      const context = await browser.newContext();
      // Play money from an earlier visit, there before any script of the site.
      const stored = { balance: 1234_00, pending: null, history: [], tickets: {} };
      await context.addInitScript({
        content: `if (location.protocol.startsWith("http"))
          localStorage.setItem("demo:spin-wheel", ${JSON.stringify(JSON.stringify(stored))});`,
      });
      const page = await context.newPage();
      const release = await holdScripts(page);
      await page.goto(`${server.url}/demo/game/spin-wheel`, { waitUntil: "commit" });
      // From the HTML: the game, with the starting play money (the build knows no other).
      await page.getByRole("heading", { name: "Spin Wheel" }).waitFor();
      await page.getByRole("button", { name: "Lock Number" }).waitFor();
      const playMoney = page.getByTestId("figure-play-money");
      expect(await playMoney.textContent()).toMatch(/^ETB\s1,000\.00$/);
      release();
      await expect
        .poll(() => playMoney.textContent(), { timeout: 20_000 })
        .toMatch(/^ETB\s1,234\.00$/);
      await context.close();
    });

    it("the lottery list with its cards and a lottery's page with its lottery before their scripts run", {
      timeout: 60_000,
    }, async () => {
      const lottery = await createLottery(server, { title: "Frame Lottery" });
      const player = await signUpPlayer(server, "Liya Haile");
      const context = await browser.newContext();
      await signInContext(context, player.token);
      const page = await context.newPage();
      let release = await holdScripts(page);
      await page.goto(`${server.url}/play/instant/lottery`, { waitUntil: "commit" });
      await page.getByRole("heading", { name: "Lottery", level: 1 }).waitFor();
      // Rendered by the server with its cards (page-render.ts), not the build's 'Loading...'.
      const card = page.locator(`[data-lottery="${lottery.code}"]`);
      await card.getByRole("heading", { name: "Frame Lottery" }).waitFor();
      release();
      // The session, which the build did not know, once the page is the browser's.
      await page.getByRole("link", { name: "My Tickets" }).waitFor();

      await page.unrouteAll();
      release = await holdScripts(page);
      await page.goto(`${server.url}/play/instant/lottery/${lottery.code}`, {
        waitUntil: "commit",
      });
      // Rendered by the server with the lottery in it (its status, its countdown as the server saw it).
      await page.getByRole("heading", { name: "Frame Lottery", level: 1 }).waitFor();
      const onSale = "On sale: the drawing starts on its own at the end date.";
      expect(await page.getByTestId("lottery-phase").textContent()).toBe(onSale);
      const left = await page.getByTestId("time-left").textContent();
      release();
      // Then the browser's: the countdown runs, the room is watched (its phase on the page), and
      // the words stay those the server wrote.
      await expect
        .poll(() => page.getByTestId("time-left").textContent(), { timeout: 20_000 })
        .not.toBe(left);
      await page.locator('section.lottery-result[data-phase="onSale"]').waitFor();
      expect(await page.getByTestId("lottery-phase").textContent()).toBe(onSale);
      await context.close();
    });

    it("the private game form is its frame before its scripts run, then the form with the balances", {
      timeout: 60_000,
    }, async () => {
      const player = await fundedPlayer(server, 250_00, 0, "Selam Girma");
      const context = await browser.newContext();
      await signInContext(context, player.token);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await page.goto(`${server.url}/create/private/spin-wheel`, { waitUntil: "commit" });
      await page.getByRole("heading", { name: "Create Private Game" }).waitFor();
      await page.getByText("Loading...").waitFor();
      await page.getByRole("link", { name: "Back to the Spin Wheel lobby" }).waitFor();
      // No balances guessed before the session is known.
      expect(await page.getByTestId("figure-withdrawable").count()).toBe(0);
      release();
      await page.getByRole("spinbutton", { name: "Bet Amount" }).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => page.getByTestId("figure-withdrawable").textContent(), { timeout: 20_000 })
        .toMatch(/^ETB\s250\.00$/);
      await context.close();
    });

    it("a shared link paints its round with its coin before its scripts run (rendered by the server), then asks to join", {
      timeout: 60_000,
    }, async () => {
      const creator = await fundedPlayer(server, 100_00, 0, "Dawit Bekele");
      const created = await server.call("POST", "/api/game/private/create", {
        token: creator.token,
        body: { gameType: "coin-flip", access: "private", betAmount: 10, selectedSide: "H" },
      });
      expect(created.status).toBe(201);
      const joiner = await signUpPlayer(server, "Meron Tesfaye");
      const context = await browser.newContext();
      await signInContext(context, joiner.token);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await page.goto(`${server.url}/play/instant/coin-flip/${created.body.gameCode}`, {
        waitUntil: "commit",
      });
      await page.getByRole("heading", { name: "Coin Flip" }).waitFor();
      await page.getByText("Heads or tails against another player.").waitFor();
      await page.locator(".stage-picture .coin-placeholder").waitFor();
      release();
      // The joiner's seat: the side the creator left (tails).
      await expect
        .poll(() => page.locator(".stage-picture .coin-placeholder").textContent(), {
          timeout: 20_000,
        })
        .toBe("T");
      // Asked at once whether to join, for tails.
      expect(await page.getByTestId("join-terms").textContent()).toMatch(/Tails \(T\)/);
      await context.close();
    });
  },
);
