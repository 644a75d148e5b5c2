import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, startBrowserJourney } from "../../../test-support/browser.ts";
import { signUpPlayer, type TestServer } from "../../../test-support/http.ts";

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
      // The scripts are held back until the fields have been typed into, as on a slow network.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/assets/*.js", async (route) => {
        await held;
        await route.continue();
      });
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
  },
);
