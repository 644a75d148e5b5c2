import { hasChromium, startBrowserJourney } from "@igp/test-support/browser.ts";
import { newTransactionId } from "@igp/test-support/deposits.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { expectPageProblems, takePageProblems } from "@igp/test-support/page-problems.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A player's first visit in a real browser: register (which signs in), deposit by bank with a
 * screenshot, see the balance change in the header without reloading once an admin approves,
 * preview a withdrawal's fee, withdraw in cash at an agent (no account number) and see it listed
 * at once, log out. Screenshots of each screen at 360 and 1280 px.
 */
describe.skipIf(!hasChromium)("player journey in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  let root: string;
  beforeAll(async () => {
    journey = await startBrowserJourney("");
    ({ server, browser, shoot, root } = journey);
  });
  afterAll(() => journey?.stop());
  // Every screen works under the site's Content-Security-Policy: not one violation.

  for (const width of [360, 1280]) {
    it(`registers, deposits, sees the balance live, withdraws and logs out at ${width} px`, async () => {
      const page = await browser.newPage({
        viewport: { width, height: width === 360 ? 740 : 800 },
      });
      const phone = `09${String(Date.now()).slice(-8)}`;
      await page.goto(`${server.url}/`);
      await shoot(page, "home");
      await page.getByRole("button", { name: "Change language" }).click();
      await page.getByText("አሁን ይጫወቱ").first().waitFor(); // Play Now, in Amharic
      await shoot(page, "home-amharic");
      await page.getByRole("button", { name: "ቋንቋ ቀይር" }).click();
      await page.getByText("Play Now").first().waitFor();

      await page.goto(`${server.url}/auth/register`);
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByText("Phone or Email is required.").waitFor();
      await page.getByLabel("Phone or email").fill(phone);
      await page.getByLabel("Full name").fill("Meron Alemu");
      await page.getByLabel("Password", { exact: true }).fill("secret12");
      await page.getByLabel("Confirm password").fill("secret12");
      await page.getByRole("button", { name: "Register" }).click();
      // The age and the terms are asked before anything is sent.
      await page
        .getByText("Please confirm that you are at least the minimum age to play.")
        .waitFor();
      await page.getByLabel("I am 18 or older").check();
      await page.getByLabel("I accept the terms and conditions").check();
      await shoot(page, "register");
      await page.getByRole("button", { name: "Register" }).click();
      // Registration signs the player in: straight to the profile, no sign-in form.
      await page.getByText("Account created successfully!").waitFor();
      await page.waitForURL("**/dashboard/profile");
      await page.getByRole("heading", { name: "Hello, Meron Alemu" }).waitFor();
      // The session is an httpOnly cookie: no script of the page can read it, nor find it stored.
      const session = (await page.context().cookies()).find((c) => c.name === "igp_session")!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      const readable = await page.evaluate("JSON.stringify({ ...localStorage }) + document.cookie");
      expect(readable).not.toContain(session.value);
      await shoot(page, "profile");

      // On a phone, through the menu (the header has Deposit too).
      if (width === 360) {
        await page.getByRole("button", { name: "Menu" }).click();
        await page
          .getByRole("dialog", { name: "Menu" })
          .getByRole("button", { name: "Deposit" })
          .click();
      } else await page.getByRole("button", { name: "Deposit" }).click();
      await page.getByLabel("Amount (ETB)").fill("120");
      await page.getByLabel("Your account number").fill("55667788");
      await page.getByLabel("Transaction ID or link").fill(newTransactionId());
      await page.getByRole("button", { name: "Submit Deposit" }).click();
      await page.getByText("Please attach a screenshot of the transfer.").waitFor();
      await page.getByLabel("Screenshot", { exact: true }).setInputFiles({
        name: "proof.png",
        mimeType: "image/png",
        buffer: await pngImage("#e53935", 900, 1600),
      });
      // Choosing the file answers the message at once; the preview fits inside the dialog.
      await page
        .getByText("Please attach a screenshot of the transfer.")
        .waitFor({ state: "detached" });
      const preview = page.getByAltText("Screenshot preview");
      await preview.waitFor();
      const dialog = page.getByRole("dialog");
      const [image, frame] = [await preview.boundingBox(), await dialog.boundingBox()];
      expect(image!.x).toBeGreaterThanOrEqual(frame!.x);
      expect(image!.x + image!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
      await shoot(page, "deposit-dialog");
      await page.getByRole("button", { name: "Submit Deposit" }).click();
      await page.getByText("Deposit request submitted.").waitFor();
      await page.getByRole("button", { name: "OK" }).click();

      // The deposit is in the player's list at once, pending.
      await page.getByRole("tab", { name: "Transactions" }).click();
      const deposit = page.locator(".transaction").filter({ hasText: "ETB 120.00" });
      await deposit.getByText("pending").waitFor();
      const me = await server.call("POST", "/api/auth/user/login", {
        body: { phone, password: "secret12" },
      });
      // The server answered the request once its lists held it: it is there to approve.
      const listed = await server.call("GET", "/api/transactions/deposit", {
        token: me.body.token,
      });
      const depositId: string = listed.body.transactions[0].id;
      expect(
        (
          await server.call("POST", `/api/admin/deposit/approve/${depositId}`, {
            token: root,
            body: {},
          })
        ).status,
      ).toBe(200);
      await server.call("POST", "/api/admin/bonus/grant", {
        token: root,
        body: { userId: me.body.userId, amount: 50 },
      });
      // No reload: the header follows the server by itself, and so does the list.
      await page.getByText("ETB 50.00").first().waitFor({ timeout: 15_000 });
      await page.locator(".balances").getByText("ETB 120.00").first().waitFor({ timeout: 15_000 });
      await deposit.getByText("approved").waitFor({ timeout: 15_000 });

      await page.getByRole("tab", { name: "Transactions" }).click();
      await page.getByRole("tab", { name: "Withdraw" }).click();
      await page.getByLabel("Amount", { exact: true }).fill("130");
      // Main (120) is short: the preview asks for the playable balance, as the server would.
      await page.getByText(/Allow withdrawing from the playable balance/).waitFor();
      await page.getByLabel(/Also withdraw from my playable balance/).check();
      await page.getByText("You will receive ETB 128.00 (fee ETB 2.00)").waitFor();
      await page.getByLabel("Amount", { exact: true }).fill("171");
      await page.getByText("Insufficient").waitFor();
      await page.getByLabel("Amount", { exact: true }).fill("130");
      await page.getByText("No recent withdrawals found.").waitFor();
      await page.getByLabel("Method").selectOption("agent");
      // Cash at an agent's shop is paid against the code: no account number is asked.
      expect(await page.getByLabel("Account number").count()).toBe(0);
      await shoot(page, "withdraw");
      await page.getByRole("button", { name: "Withdraw", exact: true }).last().click();
      const told = page.getByText(/Tell this code to the agent: [A-Z2-9]{8}/);
      const code = (await told.textContent())!.match(/[A-Z2-9]{8}$/)![0];
      await page.getByRole("button", { name: "OK" }).click();
      await page.getByText("ETB 0.00").first().waitFor();
      // The list shows the new request at once, without a reload, and keeps it when read again.
      const withdrawal = page.locator(".transaction").filter({ hasText: code });
      await withdrawal.getByText("pending").waitFor();
      await page.getByRole("tab", { name: "Deposit" }).click();
      await page.getByRole("tab", { name: "Withdraw" }).click();
      await withdrawal.getByText("pending").waitFor();
      expect(await page.getByText("No recent withdrawals found.").count()).toBe(0);

      // The profile lists where the account is signed in.
      await page.getByRole("tab", { name: "User" }).click();
      const sessions = page.getByRole("list", { name: "Sessions" });
      await sessions.getByText("This device").waitFor();
      // This browser (signed in by its registration) and the API sign-in above.
      expect(await sessions.getByRole("listitem").count()).toBe(2);
      await page.getByRole("button", { name: "Logout" }).first().click();
      await page.getByText("Are you sure do you want to logout?").waitFor();
      await page.getByRole("button", { name: "Yes" }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByRole("link", { name: "Sign in" }).first().waitFor();
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain("igp_session");
      // The cookie, copied before the sign-out and sent from elsewhere, is refused.
      const copied = await server.call("GET", "/api/login/user", {
        headers: { cookie: `igp_session=${session.value}` },
      });
      expect(copied.status).toBe(401);
      await page.close();
    }, 90_000);
  }

  it("shows the other player screens under the CSP, which reports what it blocks", async () => {
    await server.call("POST", "/api/socials/create", {
      token: root,
      body: form(
        { socialName: "Telegram", socialLink: "https://t.me/instantgames" },
        { field: "socialLogo", bytes: await pngImage("#0288d1") },
      ),
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const home = await page.goto(`${server.url}/`);
    expect(home?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    for (const [path, text] of [
      ["/demo", "Coin Flip"],
      ["/instant", "Coin Flip"],
      ["/auth/reset", "Reset"],
      ["/contact", "Telegram"],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByText(text).first().waitFor();
    }
    const logo = page.locator('img[src^="/image/"]').first(); // the social link's, loaded
    await expect
      .poll(() => logo.evaluate((img: { naturalWidth: number }) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(takePageProblems()).toEqual([]);

    // The watch is real: an inline script, which the policy forbids, is reported.
    await page.evaluate(`{
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
    }`);
    const reported: string[] = [];
    const taken = () => {
      reported.push(...expectPageProblems(/inline script|blocked inline/));
      return reported.join("\n");
    };
    await expect.poll(taken).toMatch(/CSP script-src-elem blocked inline/); // the DOM's event
    await expect.poll(taken).toMatch(/console error: Executing inline script violates/);
    await page.close();
  });
});
