import { seriousViolations } from "@igp/test-support/axe.ts";
import { hasChromium, startBrowserJourney } from "@igp/test-support/browser.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import {
  miniAppAddress,
  signInitData,
  TELEGRAM_BRIDGE_STUB,
  TEST_BOT_NAME,
  TEST_BOT_TOKEN,
} from "@igp/test-support/telegram.ts";
import { OAuth2Server } from "oauth2-mock-server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The age and the terms, asked at sign-up on every way in, in Chromium: a first Google sign-in
 * (a real OpenID provider on loopback, oauth2-mock-server) and a first Telegram Mini App launch
 * land on the question and nothing else; declining signs out, confirming opens the site. Any
 * page or console error fails the journey (page-problems).
 */
describe.skipIf(!hasChromium)("age at sign-up in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let provider: OAuth2Server;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    await provider.start(0, "127.0.0.1");
    provider.service.on("beforeTokenSigning", (token) => {
      Object.assign(token.payload, {
        sub: "e2e-google-1",
        email: "hiwot@example.com",
        email_verified: true,
        name: "Hiwot Google",
      });
    });
    journey = await startBrowserJourney("age-gate-", {
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_ISSUER: provider.issuer.url!,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_NAME: TEST_BOT_NAME,
      TELEGRAM_MINI_APP_URL: "https://games.example.com",
    });
    ({ server, browser, shoot } = journey);
  }, 120_000);
  afterAll(async () => {
    await journey?.stop();
    await provider?.stop();
  });

  const question = (page: Page) => page.getByRole("alertdialog", { name: "Before you play" });

  it("Google: the first sign-in asks before anything else; declining signs out, confirming lets in", {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    // The sign-in page also offers Telegram's login widget, a script from telegram.org, which
    // this machine cannot reach: an empty stand-in.
    await context.route("https://telegram.org/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    const gate = question(page);
    await gate.getByText("Before anything else, confirm that you are 18 or older").waitFor();
    // Nothing of the site behind it: no header, no balance, no way to the games.
    expect(await page.getByTestId("header-main-balance").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Play" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "google");

    // Escape does not close it; Confirm without both boxes says so.
    await page.keyboard.press("Escape");
    await gate.getByLabel("I am 18 or older").check();
    await gate.getByRole("button", { name: "Confirm" }).click();
    await gate.getByText("Please tick both boxes to continue, or sign out.").waitFor();

    await gate.getByRole("button", { name: "No, sign me out" }).click();
    await gate.waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Sign in" }).first().waitFor();

    // Signing in again asks again; this time the player confirms and the site opens.
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await gate.getByLabel("I am 18 or older").check();
    await gate.getByLabel("I accept the terms and conditions").check();
    await gate.getByRole("button", { name: "Confirm" }).click();
    await gate.waitFor({ state: "detached" });
    await page.getByTestId("header-main-balance").waitFor();
    await page.reload();
    await page.getByTestId("header-main-balance").waitFor();
    expect(await question(page).count()).toBe(0);
    await context.close();
  });

  it("Telegram Mini App: the first launch asks before anything else", {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 760 } });
    await context.addInitScript({ content: TELEGRAM_BRIDGE_STUB });
    const page = await context.newPage();
    const user = { id: 660_000_001, first_name: "Kidist", allows_write_to_pm: true };
    await page.goto(miniAppAddress(`${server.url}/`, { initData: signInitData({ user }) }));
    const gate = question(page);
    await gate.waitFor();
    expect(await page.getByTestId("header-main-balance").count()).toBe(0);
    await shoot(page, "telegram");
    await gate.getByLabel("I am 18 or older").check();
    await gate.getByLabel("I accept the terms and conditions").check();
    await gate.getByRole("button", { name: "Confirm" }).click();
    await gate.waitFor({ state: "detached" });
    await page.getByTestId("header-main-balance").waitFor();

    // The next launch goes straight in.
    await page.goto(miniAppAddress(`${server.url}/`, { initData: signInitData({ user }) }));
    await page.getByTestId("header-main-balance").waitFor();
    expect(await question(page).count()).toBe(0);
    await context.close();
  });
});
