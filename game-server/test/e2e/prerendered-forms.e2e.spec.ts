import {
  hasChromium,
  holdScripts,
  signInContext,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A prerendered form on a slow phone: it shows before its script has arrived. What the visitor
 * types meanwhile is kept when the script takes over, and the form cannot be sent before then
 * (the browser would send it itself, by GET, the password in the address).
 */
describe.skipIf(!hasChromium)(
  "prerendered forms in Chromium (skipped: no /usr/bin/chromium)",
  () => {
    let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
    let server: TestServer;
    let browser: Browser;
    beforeAll(async () => {
      journey = await startBrowserJourney("prerendered-");
      ({ server, browser } = journey);
    });
    afterAll(() => journey?.stop());

    it("cannot be sent before its script runs, keeps what was typed meanwhile, and signs in", async () => {
      const player = await signUpPlayer(server, "Hanna Girma");
      const page = await browser.newPage();
      // The scripts are held back until the fields have been typed into.
      const release = await holdScripts(page);
      // Module scripts hold back DOMContentLoaded: the page is read as soon as its HTML is there.
      await page.goto(`${server.url}/auth/login`, { waitUntil: "commit" });
      const signIn = page.getByRole("button", { name: "Sign in" });
      await signIn.waitFor();
      expect(await signIn.isDisabled()).toBe(true);
      await page.getByLabel("Phone or email").fill(player.phone);
      await page.getByLabel("Password").fill("secret12");
      release();
      await expect.poll(() => signIn.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect(await page.getByLabel("Phone or email").inputValue()).toBe(player.phone);
      expect(await page.getByLabel("Password").inputValue()).toBe("secret12");
      await signIn.click();
      await page.waitForURL("**/dashboard/profile");
      expect(page.url()).not.toContain("secret12");
      await page.close();
    });

    it("takes a private code typed in a lobby before its script runs", async () => {
      const player = await signUpPlayer(server, "Selam Tadesse");
      const context = await browser.newContext();
      await signInContext(context, player.token);
      const page = await context.newPage();
      const release = await holdScripts(page);
      await page.goto(`${server.url}/play/instant/coin-flip/lobby`, { waitUntil: "commit" });
      const join = page.getByRole("button", { name: "Join Game" });
      await join.waitFor();
      expect(await join.isDisabled()).toBe(true);
      await page.getByLabel("Private game code").fill("nope");
      release();
      await expect.poll(() => join.isEnabled(), { timeout: 20_000 }).toBe(true);
      await join.click();
      // The code typed early was the one sent: a wrong one, told apart on the game's screen.
      await page.getByText("Could not find the game.").waitFor();
      expect(page.url()).toMatch(/\/play\/instant\/coin-flip\/NOPE$/);
      await context.close();
    });
  },
);
