import {
  hasChromium,
  holdScripts,
  signInContext,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { coinFlipTable, fundedPlayer } from "@igp/test-support/games.ts";
import { signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import { buyTicket, createLottery, drawingOver } from "@igp/test-support/lottery.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Opens a page the server renders, its scripts held. A server whose reads do not answer within
 * 500 ms sends the build's page instead (page-render.ts: on a cold server under the whole
 * suite's load, the first render can miss it): that answer is asked for again, a few times.
 */
async function gotoRendered(page: Page, url: string) {
  for (let attempt = 1; ; attempt++) {
    const answer = await page.goto(url, { waitUntil: "commit" });
    const html = (await answer?.text()) ?? "";
    if (html.includes('id="page-data"') || attempt === 5) return;
  }
}

/**
 * Waits for the page's first paint: its stylesheet (render-blocking) has been applied. What is
 * visible, or how large, is only what a player sees after it: the DOM is there before the
 * stylesheet, and a layout read earlier is the unstyled one (both a list's table and its cards).
 */
async function painted(page: Page) {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length))
    .toBe(1);
}

/**
 * The pages the server renders for a session with their data (issue 31; game-server's
 * page-render.ts): a lobby's list, a shared round, the lottery list, a lottery's result and the
 * staff dashboard's figures are in the HTML, painted before any script has arrived; the script then takes the page over without a
 * hydration error or a CSP refusal (any console error fails the test), and it works.
 */
describe.skipIf(!hasChromium)(
  "pages rendered by the server in Chromium (skipped: no /usr/bin/chromium)",
  () => {
    let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
    let server: TestServer;
    let browser: Browser;
    beforeAll(async () => {
      journey = await startBrowserJourney("server-rendered-");
      ({ server, browser } = journey);
    });
    afterAll(() => journey?.stop());

    it("a lobby shows its public rounds and the player's balance before its scripts run", {
      timeout: 90_000,
    }, async () => {
      const table = await coinFlipTable(server, 10);
      const creator = await fundedPlayer(server, 100_00, 0, "Selam Alemu");
      const created = await server.call("POST", "/api/game/coin-flip/create", {
        token: creator.token,
        body: { instantId: table, selectedSide: "T" },
      });
      expect(created.status).toBe(201);
      const viewer = await fundedPlayer(server, 25_00, 0, "Yonas Bekele");
      const context = await browser.newContext();
      await signInContext(context, viewer.token);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await gotoRendered(page, `${server.url}/play/instant/coin-flip/lobby`);
      const listed = page.locator(`[data-code="${created.body.gameCode}"]`);
      await listed.getByText("You play Heads (H)").waitFor();
      expect(await page.getByTestId("header-main-balance").textContent()).toMatch(/^ETB\s25\.00$/);
      release();
      // Taken over: the code field's form works, and the round's Play leads to it.
      const join = page.getByRole("button", { name: "Join Game" });
      await expect.poll(() => join.isEnabled(), { timeout: 20_000 }).toBe(true);
      await listed.getByRole("link", { name: "Play" }).click();
      await page.getByText("Join for ETB 10.00: you will be Heads (H)").first().waitFor();
      await context.close();
    });

    it("a shared link shows the round and its coin before its scripts run, then asks to join", {
      timeout: 90_000,
    }, async () => {
      const creator = await fundedPlayer(server, 100_00, 0, "Hana Girma");
      const created = await server.call("POST", "/api/game/private/create", {
        token: creator.token,
        body: { gameType: "coin-flip", access: "private", betAmount: 10, selectedSide: "H" },
      });
      expect(created.status).toBe(201);
      const joiner = await signUpPlayer(server, "Abel Tesfaye");
      const context = await browser.newContext();
      await signInContext(context, joiner.token);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await gotoRendered(page, `${server.url}/play/instant/coin-flip/${created.body.gameCode}`);
      // The joiner's seat, the side the creator left, and the round's code, from the HTML.
      await page.getByTestId("game-code").waitFor();
      expect(await page.getByTestId("game-code").textContent()).toBe(created.body.gameCode);
      expect(await page.locator(".stage-picture .coin-placeholder").textContent()).toBe("T");
      // The coin at rest is sized by CSS (an inline style would be refused by the CSP), read as
      // painted: once the stylesheet is in (the goto returned at the HTML's first bytes).
      await painted(page);
      const coin = await page.locator(".stage-picture .coin-placeholder").boundingBox();
      expect(Math.round(coin?.width ?? 0)).toBe(194);
      release();
      await expect
        .poll(() => page.getByTestId("join-terms").textContent(), { timeout: 20_000 })
        .toMatch(/Tails \(T\)/);
      await context.close();
    });

    it("the lottery list shows a player its cards before its scripts run, then sells a ticket", {
      timeout: 90_000,
    }, async () => {
      const { code } = await createLottery(server, { title: "Rendered Lottery", betAmount: 10 });
      const player = await fundedPlayer(server, 50_00, 0, "Meron Alemu");
      const context = await browser.newContext();
      await signInContext(context, player.token);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await gotoRendered(page, `${server.url}/play/instant/lottery`);
      const card = page.locator(`[data-lottery="${code}"]`);
      await card.getByRole("heading", { name: "Rendered Lottery" }).waitFor();
      expect(await page.getByTestId("header-main-balance").textContent()).toMatch(/^ETB\s50\.00$/);
      release();
      // Taken over: the out date in the phone's time, then Buy Ticket sells one.
      await expect
        .poll(() => card.locator(".lottery-figures dd").last().textContent(), { timeout: 20_000 })
        .not.toBe("");
      await card.getByRole("button", { name: "Buy Ticket" }).click();
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect
        .poll(() => page.getByTestId("header-main-balance").textContent(), { timeout: 20_000 })
        .toMatch(/^ETB\s40\.00$/);
      await context.close();
    });

    it("the lottery list shows a visitor its cards before its scripts run, then sends a buyer to sign in", {
      timeout: 90_000,
    }, async () => {
      const { code } = await createLottery(server, { title: "Visitors' Lottery" });
      const context = await browser.newContext();
      const page = await context.newPage();
      const release = await holdScripts(page);
      // Rendered for every visitor of the moment: the lottery made just now may come in the next.
      await expect
        .poll(
          async () => {
            await page.goto(`${server.url}/play/instant/lottery`, { waitUntil: "commit" });
            await page.getByRole("heading", { name: "Lottery" }).first().waitFor();
            return page.locator(`[data-lottery="${code}"]`).count();
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      const card = page.locator(`[data-lottery="${code}"]`);
      expect(await card.getByRole("heading").textContent()).toBe("Visitors' Lottery");
      release();
      await expect
        .poll(() => card.locator(".lottery-figures dd").last().textContent(), { timeout: 20_000 })
        .not.toBe("");
      await card.getByRole("button", { name: "Buy Ticket" }).click();
      await page.waitForURL("**/auth/login?next=%2Fplay%2Finstant%2Flottery");
      await context.close();
    });

    /** A lottery a player holds the only ticket of, drawn (so that ticket won). */
    async function drawnLottery(title: string) {
      const lottery = await createLottery(server, { title, betAmount: 10, winAmount: 40 });
      const holder = await fundedPlayer(server, 50_00, 0, "Lidya Haile");
      expect((await buyTicket(server, holder.token, lottery.code)).status).toBe(201);
      const finished = await server.call("POST", "/api/games/lottery/finish", {
        token: lottery.adminToken,
        body: { code: lottery.code },
      });
      expect(finished.status).toBe(200);
      await drawingOver(server, lottery.code);
      return { code: lottery.code as string, holder };
    }

    it("a lottery's page shows its holder the result and their ticket before its scripts run, then draws it", {
      timeout: 90_000,
    }, async () => {
      const { code, holder } = await drawnLottery("Holder's Lottery");
      const context = await browser.newContext();
      await signInContext(context, holder.token);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await gotoRendered(page, `${server.url}/play/instant/lottery/${code}`);
      await page.getByRole("heading", { name: "Holder's Lottery" }).waitFor();
      await painted(page);
      expect(await page.getByTestId("lottery-phase").textContent()).toBe("Drawn");
      // The holder's ticket (number 1, the winner) in both lists, and their balance: 50 - 10 + 40.
      // (The server renders each list as a table and as cards: a wide screen shows the table.)
      expect(await page.locator('.ticket-records tr[data-ticket="1"]:visible').count()).toBe(1);
      expect(await page.locator(".ticket-records .record-card:visible").count()).toBe(0);
      expect(
        await page.locator('.winner-records [data-place="1"]:visible').textContent(),
      ).toContain("#1");
      expect(await page.getByTestId("header-main-balance").textContent()).toMatch(/^ETB\s80\.00$/);
      // The drawing's square, sized by CSS; the drawing itself is the browser's to draw.
      expect(await page.getByTestId("lottery-drawing").count()).toBe(0);
      release();
      const drawing = page.getByTestId("lottery-drawing");
      await expect
        .poll(() => drawing.getAttribute("data-renderer"), { timeout: 20_000 })
        .toBe("canvas");
      await expect.poll(() => drawing.getAttribute("data-ticket"), { timeout: 20_000 }).toBe("1");
      await context.close();
    });

    it("a lottery's page shows a visitor its result before its scripts run, and asks them to sign in for tickets", {
      timeout: 90_000,
    }, async () => {
      const { code } = await drawnLottery("Visitors' Result");
      // A phone's width: the winners as cards from the server's render on, not a table first.
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const release = await holdScripts(page);
      await gotoRendered(page, `${server.url}/play/instant/lottery/${code}`);
      await page.getByRole("heading", { name: "Visitors' Result" }).waitFor();
      await painted(page);
      const card = page.locator('.winner-records .record-card[data-place="1"]');
      expect(await card.isVisible()).toBe(true);
      expect(await card.textContent()).toContain("#1");
      expect(await page.locator(".winner-records table:visible").count()).toBe(0);
      const paintedCard = await card.elementHandle();
      const signIn = page.getByRole("link", { name: "Sign in to see your tickets." });
      expect(await signIn.count()).toBe(1);
      release();
      await expect
        .poll(() => page.getByTestId("lottery-drawing").getAttribute("data-renderer"), {
          timeout: 20_000,
        })
        .toBe("canvas");
      // Hydrated: the table the phone never showed is gone, the card it painted is the same node.
      expect(await page.locator(".winner-records table").count()).toBe(0);
      expect(await paintedCard!.evaluate((node) => node.isConnected)).toBe(true);
      await signIn.click();
      await page.waitForURL(`**/auth/login?next=%2Fplay%2Finstant%2Flottery%2F${code}`);
      await context.close();
    });

    it("the dashboard shows staff its figures before its scripts run", {
      timeout: 90_000,
    }, async () => {
      const context = await browser.newContext();
      await signInContext(context, journey.root);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await gotoRendered(page, `${server.url}/admin/dashboard`);
      await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      await page.getByText("Players' balance").waitFor();
      release();
      // Taken over: the menu's buttons work.
      // (Collapsed, the menu hides its texts: the button is found by its class.)
      const collapse = page.locator("#admin-menu .collapse-toggle");
      await expect
        .poll(
          async () => {
            await collapse.click();
            return collapse.getAttribute("aria-pressed");
          },
          { timeout: 20_000 },
        )
        .toBe("true");
      await context.close();
    });

    it("a player who opens the dashboard gets the build's page, sent home by it", {
      timeout: 60_000,
    }, async () => {
      const player = await signUpPlayer(server, "Kidist Haile");
      const context = await browser.newContext();
      await signInContext(context, player.token);
      const page = await context.newPage();
      const answer = await page.goto(`${server.url}/admin/dashboard`);
      expect(await answer?.text()).not.toContain('id="page-data"');
      await page.waitForURL(`${server.url}/`);
      await context.close();
    });
  },
);
