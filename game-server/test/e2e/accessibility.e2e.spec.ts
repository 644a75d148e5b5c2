import { seriousViolations } from "@igp/test-support/axe.ts";
import { hasChromium, signInContext, startBrowserJourney } from "@igp/test-support/browser.ts";
import { pendingBankDeposit } from "@igp/test-support/deposits.ts";
import { coinFlipTable, fundedPlayer } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import { ETHIOPIC, RAW_TEXT } from "@igp/test-support/player-text.ts";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * axe-core on the main screens of the player site and the back office, at 360 and 1280 px: no
 * serious or critical violation of the WCAG 2 A/AA rules (2.0, 2.1, 2.2). A failure lists each
 * one: rule, element, what it asks.
 */

type Who = "visitor" | "player" | "superAdmin";
interface Screen {
  name: string;
  who: Who;
  /** Brings the page to the screen and waits until it shows what it is for. */
  show(page: Page): Promise<void>;
}

describe.skipIf(!hasChromium)("accessibility in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let player: Awaited<ReturnType<typeof fundedPlayer>>;
  let opponent: Awaited<ReturnType<typeof fundedPlayer>>;
  /** A coin flip the player and the opponent have played, for /fair to verify. */
  let finishedCode: string;
  beforeAll(async () => {
    journey = await startBrowserJourney("a11y-", { GAME_START_NOTICE_MS: "0" });
    ({ server, browser } = journey);
    player = await fundedPlayer(server, 500_00, 20_00, "Meron Alemu");
    opponent = await fundedPlayer(server, 500_00, 0, "Bob Girma");
    const lottery = await createLottery(server, { title: "Timket Lottery" });
    await call(player.token, "POST", "/api/game/lottery/buy/ticket", { code: lottery.code });
    await pendingBankDeposit(server, "Selamawit Tesfaye", 75);
    finishedCode = await openRound(player, "coin-flip");
    await call(opponent.token, "POST", "/api/game/coin-flip/join", { code: finishedCode });
  });
  afterAll(() => journey?.stop());

  async function call(token: string, method: string, path: string, body?: unknown) {
    const answer = await server.call(method, path, { token, body });
    if (answer.status >= 300) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** A private round the player opens (and waits on); its code. */
  async function openRound(who: { token: string }, game: "coin-flip" | "spin-wheel") {
    const seat = game === "coin-flip" ? { selectedSide: "H" } : { selectedNumbers: [1, 2, 3] };
    const body = { gameType: game, access: "private", betAmount: 10, ...seat };
    return (await call(who.token, "POST", "/api/game/private/create", body)).gameCode as string;
  }

  const heading = (page: Page, name: string | RegExp) =>
    page.getByRole("heading", { name }).first().waitFor();

  const SCREENS: Screen[] = [
    {
      name: "home",
      who: "visitor",
      show: async (page) => {
        await page.goto(`${server.url}/`);
        await page.getByRole("link", { name: "Play Coin Flip" }).waitFor();
      },
    },
    {
      name: "login",
      who: "visitor",
      show: async (page) => {
        await page.goto(`${server.url}/auth/login`);
        await page.getByLabel("Phone or email").waitFor();
      },
    },
    {
      name: "register",
      who: "visitor",
      show: async (page) => {
        await page.goto(`${server.url}/auth/register`);
        await page.getByLabel("Confirm password").waitFor();
      },
    },
    {
      name: "demo games",
      who: "visitor",
      show: async (page) => {
        await page.goto(`${server.url}/demo`);
        await heading(page, "Demo Games");
      },
    },
    {
      name: "coin flip demo",
      who: "visitor",
      show: async (page) => {
        await page.goto(`${server.url}/demo/game/flip-coin`);
        await page.getByRole("button", { name: "Lock Selection" }).waitFor();
      },
    },
    {
      name: "games list",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/instant`);
        await page.getByRole("link", { name: "Play Coin Flip" }).waitFor();
      },
    },
    {
      name: "coin flip lobby",
      who: "player",
      show: async (page) => {
        // A public round of the opponent's, on a table of its own, for the list to show.
        const table = await coinFlipTable(server, 10);
        const body = { instantId: table, selectedSide: "T" };
        const { gameCode } = await call(opponent.token, "POST", "/api/game/coin-flip/create", body);
        await page.goto(`${server.url}/play/instant/coin-flip/lobby`);
        await page.locator(`[data-code="${gameCode}"]`).waitFor();
      },
    },
    {
      name: "coin flip round",
      who: "player",
      show: async (page) => {
        await page.goto(
          `${server.url}/play/instant/coin-flip/${await openRound(player, "coin-flip")}`,
        );
        await page.getByText("Waiting for a second player").waitFor();
      },
    },
    {
      name: "spin wheel round",
      who: "player",
      show: async (page) => {
        await page.goto(
          `${server.url}/play/instant/spin-wheel/${await openRound(player, "spin-wheel")}`,
        );
        await page.getByText("Your Lucky Number", { exact: true }).waitFor();
      },
    },
    {
      name: "lottery",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/play/instant/lottery`);
        await page.locator(".lottery-card", { hasText: "Timket Lottery" }).waitFor();
      },
    },
    {
      name: "deposit",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/dashboard/profile`);
        await page.locator(".site-header").getByRole("button", { name: "Deposit" }).click();
        await page.getByRole("dialog", { name: "Deposit" }).getByText("CBE").first().waitFor();
      },
    },
    {
      name: "withdraw",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/dashboard/profile`);
        await page.getByRole("tab", { name: "Transactions" }).click();
        await page.getByRole("tab", { name: "Withdraw" }).click();
        await page.getByLabel("Method").waitFor();
      },
    },
    {
      name: "profile",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/dashboard/profile`);
        await heading(page, "Hello, Meron Alemu");
      },
    },
    {
      name: "play responsibly",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/dashboard/profile`);
        await page.getByRole("tab", { name: "Play responsibly" }).click();
        await heading(page, "Your limits");
      },
    },
    {
      name: "my tickets",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/dashboard/lottery-tickets`);
        await page.getByRole("link", { name: "Timket Lottery" }).waitFor();
      },
    },
    {
      name: "game history",
      who: "player",
      show: async (page) => {
        await page.goto(`${server.url}/dashboard/profile`);
        await page.getByRole("tab", { name: "Game History" }).click();
        await page.getByRole("link", { name: "Verify" }).first().waitFor();
      },
    },
    {
      name: "fair",
      who: "visitor",
      show: async (page) => {
        await page.goto(`${server.url}/fair?code=${finishedCode}`);
        await page.getByText("Verified: the seed matches its hash").waitFor();
      },
    },
    {
      name: "not found",
      who: "visitor",
      show: async (page) => {
        await page.goto(`${server.url}/play/instant/foo`);
        await heading(page, "Game not found");
      },
    },
    {
      name: "admin dashboard",
      who: "superAdmin",
      show: async (page) => {
        await page.goto(`${server.url}/admin/dashboard`);
        await page.locator(".charts .chart").first().waitFor();
      },
    },
    {
      name: "admin requests",
      who: "superAdmin",
      show: async (page) => {
        await page.goto(`${server.url}/admin/dashboard/deposits`);
        await page.getByRole("button", { name: "Approve", exact: true }).first().waitFor();
      },
    },
    {
      name: "admin players",
      who: "superAdmin",
      show: async (page) => {
        await page.goto(`${server.url}/admin/dashboard/players`);
        await page.getByRole("row").filter({ hasText: "Meron Alemu" }).waitFor();
      },
    },
  ];

  const VIEWPORTS: Record<number, BrowserContextOptions> = {
    360: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
    1280: { viewport: { width: 1280, height: 800 } },
  };
  /** One context per viewport and role, signed in as by /process/{token}. */
  const contexts = new Map<string, BrowserContext>();
  async function contextFor(width: number, who: Who) {
    const key = `${width} ${who}`;
    let context = contexts.get(key);
    if (!context) {
      context = await browser.newContext(VIEWPORTS[width]);
      const token = { visitor: null, player: player.token, superAdmin: journey.root }[who];
      if (token) await signInContext(context, token);
      contexts.set(key, context);
    }
    return context;
  }

  it("finds a violation where there is one: a button without a name", async () => {
    const page = await (await contextFor(1280, "visitor")).newPage();
    await SCREENS[0]!.show(page);
    // Outside React's root: hydration, perhaps still under way, would take it out of <main>.
    await page.evaluate(`document.body.append(document.createElement("button"))`);
    expect(await seriousViolations(page)).toEqual([
      "button-name (critical): body > button: Buttons must have discernible text",
    ]);
    await page.close();
  });

  // The player site's own controls (the game screens and cards come with the games' layout).
  const TARGET_SCREENS = [
    "home",
    "login",
    "register",
    "demo games",
    "games list",
    "deposit",
    "withdraw",
    "profile",
    "my tickets",
    "game history",
    "not found",
  ];
  for (const name of TARGET_SCREENS)
    it(`${name} at 360 px: every control a thumb aims at is at least 44 × 44 px`, async () => {
      const screen = SCREENS.find((candidate) => candidate.name === name)!;
      const page = await (await contextFor(360, screen.who)).newPage();
      await screen.show(page);
      await page.waitForLoadState("networkidle");
      expect(await smallTargets(page)).toEqual([]);
      await page.close();
    });

  it("says what is missing in the reader's language: an empty amount, an unknown address", async () => {
    const context = await browser.newContext(VIEWPORTS[360]);
    await signInContext(context, player.token, { language: "am" });
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/profile`);
    await page.locator(".site-header").getByRole("button", { name: "ገቢ አድርግ" }).click(); // Deposit
    const deposit = page.getByRole("dialog", { name: "ገቢ አድርግ" });
    await deposit.getByText("CBE").first().waitFor();
    await deposit.getByRole("button", { name: "ገቢውን ላክ" }).click(); // Submit Deposit
    const errors = deposit.locator(".field-error");
    await errors.first().waitFor();
    const shown = await errors.allTextContents();
    expect(shown).toContain("መጠን ያስፈልጋል።"); // Amount is required.
    for (const text of shown) {
      expect(text).toMatch(ETHIOPIC);
      expect(text).not.toMatch(RAW_TEXT);
    }
    for (const address of ["/nope", "/play/instant/foo"]) {
      await page.goto(`${server.url}${address}`);
      const notFound = page.locator(".not-found");
      await notFound.getByRole("heading").waitFor();
      expect(await notFound.textContent()).toMatch(ETHIOPIC);
      expect(await notFound.textContent()).not.toMatch(/[a-z]{3}/i);
    }
    await context.close();
  });

  for (const width of [360, 1280])
    for (const screen of SCREENS)
      it(`${screen.name} at ${width} px: no serious or critical violation`, async () => {
        const page = await (await contextFor(width, screen.who)).newPage();
        await screen.show(page);
        await page.waitForLoadState("networkidle");
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      });
});

/**
 * The controls on the page smaller than 44 × 44 px, one line each (tag, words, size). A
 * checkbox or a radio button is measured by its label, which takes the tap; a link inside a
 * sentence is left out (WCAG 2.5.5's exception), and so is the back office.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const inSentence = (element) =>
      element.tagName === "A" &&
      getComputedStyle(element).display === "inline" &&
      element.parentElement.textContent.trim() !== element.textContent.trim();
    return [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, [role=tab]")]
      .map((element) => element.matches("[type=checkbox], [type=radio]") ? element.closest("label") ?? element : element)
      .filter((element) => !element.closest(".admin") && !inSentence(element))
      .map((element) => [element, element.getBoundingClientRect()])
      .filter(([, box]) => box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44))
      .map(([element, box]) =>
        element.tagName + " '" + (element.textContent || element.getAttribute("aria-label") || "").trim() + "' " +
        Math.round(box.width) + "x" + Math.round(box.height));
  })()`)) as string[];
}
