import { hasChromium, signInContext, startBrowserJourney } from "@igp/test-support/browser.ts";
import { fundedPlayer } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { expectPageProblems } from "@igp/test-support/page-problems.ts";
import {
  DARK_THEME,
  LIGHT_THEME,
  miniAppAddress,
  signInitData,
  TELEGRAM_BRIDGE_STUB,
  TEST_BOT_NAME,
  TEST_BOT_TOKEN,
  type TelegramTestUser,
} from "@igp/test-support/telegram.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Posted {
  eventType: string;
  eventData?: Record<string, unknown>;
}

/**
 * The site as Telegram's Mini App, in Chromium with Telegram's launch parameters in the address
 * and a stand-in for Telegram's bridge (test-support/telegram.ts): signed in from the init data,
 * Telegram's colours, the Back Button driving the router, a private game shared through Telegram
 * and the friend landing in it signed in and joining with the Main Button; and the same link in
 * a plain browser. Any console error fails the test (page-problems.ts).
 */
describe.skipIf(!hasChromium)(
  "Telegram Mini App in Chromium (skipped: no /usr/bin/chromium)",
  () => {
    let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
    let server: TestServer;
    let browser: Browser;
    beforeAll(async () => {
      journey = await startBrowserJourney("telegram-", {
        TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
        TELEGRAM_BOT_NAME: TEST_BOT_NAME,
        TELEGRAM_MINI_APP_URL: "https://games.example.com",
        GAME_START_NOTICE_MS: "300",
      });
      ({ server, browser } = journey);
    });
    afterAll(() => journey?.stop());

    let nextTelegramId = 990_000_001;
    const telegramUser = (first_name: string): TelegramTestUser => ({
      id: nextTelegramId++,
      first_name,
      allows_write_to_pm: true,
    });

    /** A page inside the stand-in Telegram, with a stored session of `token` if given. */
    async function telegramPage(token?: string) {
      const context = await browser.newContext({ viewport: { width: 390, height: 760 } });
      if (token) await signInContext(context, token);
      await context.addInitScript({ content: TELEGRAM_BRIDGE_STUB });
      return context.newPage();
    }

    /**
     * Waits until the Mini App has posted `eventType` to Telegram with (at least) `data`; returns
     * the last such post.
     */
    async function waitForPosted(
      page: Page,
      eventType: string,
      data: Record<string, unknown> = {},
    ) {
      const matches = `(event) => event.eventType === ${JSON.stringify(eventType)} &&
      Object.entries(${JSON.stringify(data)}).every(([key, value]) => event.eventData && event.eventData[key] === value)`;
      await expect
        .poll(() => page.evaluate(`window.__telegram.posted.some(${matches})`), { timeout: 20_000 })
        .toBe(true);
      return page.evaluate<Posted>(`window.__telegram.posted.filter(${matches}).at(-1)`);
    }
    /** A new account's first launch asks the age and the terms before anything else. */
    async function answerAgeQuestion(page: Page) {
      const gate = page.getByRole("alertdialog", { name: "Before you play" });
      await gate.getByLabel("I am 18 or older").check();
      await gate.getByLabel("I accept the terms and conditions").check();
      await gate.getByRole("button", { name: "Confirm" }).click();
      await gate.waitFor({ state: "detached" });
    }
    /** Telegram tells the Mini App something (a button pressed...). */
    const telegramSends = (page: Page, eventType: string, eventData?: unknown) =>
      page.evaluate(
        `window.__telegram.send(${JSON.stringify(eventType)}, ${JSON.stringify(eventData ?? null)})`,
      );

    it("signs in from the launch, takes Telegram's light theme, and its Back Button goes back", {
      timeout: 90_000,
    }, async () => {
      const user = telegramUser("Meron");
      const page = await telegramPage();
      await page.goto(
        miniAppAddress(`${server.url}/`, { initData: signInitData({ user }), theme: LIGHT_THEME }),
      );
      await answerAgeQuestion(page);
      await page.getByTestId("header-main-balance").waitFor();
      expect(await page.getByRole("link", { name: "Sign in" }).count()).toBe(0);
      await waitForPosted(page, "web_app_ready");

      const look = await page.evaluate(`({
        scheme: document.documentElement.dataset.telegramScheme,
        themeVariable: getComputedStyle(document.documentElement)
          .getPropertyValue("--tg-theme-bg-color")
          .trim(),
        background: getComputedStyle(document.documentElement).backgroundColor,
        text: getComputedStyle(document.body).color,
        safeAreaBottom: getComputedStyle(document.body).paddingBottom,
      })`);
      expect(look).toEqual({
        scheme: "light",
        themeVariable: "#ffffff",
        background: "rgb(255, 255, 255)",
        text: "rgb(0, 0, 0)",
        safeAreaBottom: "34px",
      });

      // Home has nothing behind it: no Back Button. A screen further, Telegram's Back Button
      // shows, and pressing it goes back.
      await page.getByRole("contentinfo").getByRole("link", { name: "Demo" }).click();
      await page.waitForURL("**/demo");
      await waitForPosted(page, "web_app_setup_back_button", { is_visible: true });
      await telegramSends(page, "back_button_pressed");
      await page.waitForURL((url) => url.pathname === "/");
      await waitForPosted(page, "web_app_setup_back_button", { is_visible: false });
    });

    it("shares a private game through Telegram; the friend lands in it signed in and joins with the Main Button", {
      timeout: 120_000,
    }, async () => {
      // The creator plays on the site with a phone account and opens the Mini App signed in:
      // the account is linked to their Telegram.
      const creator = await fundedPlayer(server, 100_00, 0, "Abebe Creator");
      const created = await server.call("POST", "/api/game/private/create", {
        token: creator.token,
        body: { gameType: "coin-flip", betAmount: 20, selectedSide: "H" },
      });
      expect(created.status).toBe(201);
      const code = created.body.gameCode as string;
      const creatorPage = await telegramPage(creator.token);
      await creatorPage.goto(
        miniAppAddress(`${server.url}/play/instant/coin-flip/${code}`, {
          initData: signInitData({ user: telegramUser("Abebe") }),
          theme: DARK_THEME,
        }),
      );
      await creatorPage.getByTestId("game-code").filter({ hasText: code }).waitFor();
      await creatorPage.getByRole("button", { name: "Share in Telegram" }).click();
      const shared = await waitForPosted(creatorPage, "web_app_open_tg_link");
      const shareSheet = new URL(`https://t.me${shared.eventData!.path_full as string}`);
      expect(shareSheet.pathname).toBe("/share/url");
      const invite = new URL(shareSheet.searchParams.get("url")!);
      expect(invite.href).toBe(`https://t.me/${TEST_BOT_NAME}?startapp=game-${code}`);
      expect(shareSheet.searchParams.get("text")).toContain(code);
      expect(await creatorPage.evaluate("document.documentElement.dataset.telegramScheme")).toBe(
        "dark",
      );

      // The friend taps the invite: Telegram opens the Mini App with its startapp parameter.
      const friend = await fundedPlayer(server, 100_00, 0, "Hana Friend");
      const startParam = invite.searchParams.get("startapp")!;
      const friendPage = await telegramPage(friend.token);
      await friendPage.goto(
        miniAppAddress(`${server.url}/`, {
          initData: signInitData({ user: telegramUser("Hana"), start_param: startParam }),
          startParam,
        }),
      );
      await friendPage.waitForURL(`**/play/instant/coin-flip/${code}`);
      await friendPage.getByTestId("header-main-balance").filter({ hasText: "100.00" }).waitFor();
      // Asked to join at once; Telegram's Main Button says Join too.
      await friendPage
        .getByRole("alertdialog", { name: "Join this game?" })
        .getByText(/^Join for ETB\s20\.00/)
        .waitFor();
      const mainButton = await waitForPosted(friendPage, "web_app_setup_main_button", {
        is_visible: true,
      });
      expect(mainButton.eventData).toMatchObject({ text: "Join", is_active: true });
      await telegramSends(friendPage, "main_button_pressed");
      // While the stake is on its way, Telegram asks before closing; then no more.
      await waitForPosted(friendPage, "web_app_setup_closing_behavior", {
        need_confirmation: true,
      });
      await friendPage.getByTestId("header-main-balance").filter({ hasText: "80.00" }).waitFor();
      await waitForPosted(friendPage, "web_app_setup_closing_behavior", {
        need_confirmation: false,
      });
      // The flip lands: won or lost, the phone says so in the hand.
      const felt = await waitForPosted(friendPage, "web_app_trigger_haptic_feedback", {
        type: "notification",
      });
      expect(["success", "warning"]).toContain(felt.eventData!.notification_type);
    });

    it("says why a deep link to an unknown game opens nothing, and why stale init data signs no one in", {
      timeout: 60_000,
    }, async () => {
      const page = await telegramPage();
      await page.goto(
        miniAppAddress(`${server.url}/`, {
          initData: signInitData({ user: telegramUser("Lost"), start_param: "game-ABCDEFGH" }),
          startParam: "game-ABCDEFGH",
        }),
      );
      // The link's target opens once the new account has answered the age question.
      await answerAgeQuestion(page);
      await page.getByRole("alertdialog", { name: "This link does not open a game" }).waitFor();
      await page
        .getByText("Could not find the game. It might have expired or the code is incorrect.")
        .waitFor();
      expect(expectPageProblems(/404/)).toHaveLength(1);

      const stale = await telegramPage();
      await stale.goto(
        miniAppAddress(`${server.url}/`, {
          initData: signInitData(
            { user: telegramUser("Late") },
            { authDate: new Date(Date.now() - 2 * 86_400_000) },
          ),
        }),
      );
      const status = stale.getByTestId("mini-app-status");
      await status.getByText("Telegram sign-in failed").waitFor();
      await status
        .getByText(
          "This Telegram sign-in has expired. Please close the game and open it again from Telegram.",
        )
        .waitFor();
      expect(await stale.getByRole("link", { name: "Sign in" }).count()).toBeGreaterThan(0);
      expect(expectPageProblems(/401/)).toHaveLength(1);
    });

    it("a deposit link opens the deposit form, sent with the Main Button", {
      timeout: 60_000,
    }, async () => {
      const page = await telegramPage();
      await page.goto(
        miniAppAddress(`${server.url}/`, {
          initData: signInitData({ user: telegramUser("Payer"), start_param: "deposit" }),
          startParam: "deposit",
        }),
      );
      await answerAgeQuestion(page);
      await page.getByRole("dialog", { name: "Deposit" }).waitFor();
      const mainButton = await waitForPosted(page, "web_app_setup_main_button", {
        is_visible: true,
      });
      expect(mainButton.eventData).toMatchObject({ text: "Submit Deposit" });
      // Pressed with the form empty: the form says what is missing, and the phone buzzes.
      await telegramSends(page, "main_button_pressed");
      await waitForPosted(page, "web_app_trigger_haptic_feedback", { notification_type: "error" });
    });

    it("opened in a plain browser, the Mini App link says to open it from Telegram", {
      timeout: 60_000,
    }, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 760 } });
      const page = await context.newPage();
      await page.goto(
        miniAppAddress(`${server.url}/`, { initData: signInitData({ user: telegramUser("Web") }) }),
      );
      await page
        .getByText(
          "This link opens the game inside Telegram. Open it from Telegram to play signed in.",
        )
        .waitFor();
      expect(await page.getByRole("link", { name: "Sign in" }).count()).toBeGreaterThan(0);
    });
  },
);
