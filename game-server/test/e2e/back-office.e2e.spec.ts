import { hasChromium, signInThroughForm, startBrowserJourney } from "@igp/test-support/browser.ts";
import { pendingBankDeposit } from "@igp/test-support/deposits.ts";
import { signInSuperAdmin, signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The back office in a real browser: the superAdmin creates an agent; the agent (funded by an
 * approved charge) approves a player's agent deposit with its code; the superAdmin blocks the
 * player, whose session ends. Screenshots at 1280 and 768 px.
 */
describe.skipIf(!hasChromium)("back office in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    journey = await startBrowserJourney("admin-");
    ({ server, browser, shoot } = journey);
  });
  afterAll(() => journey?.stop());
  // Every screen works under the site's Content-Security-Policy: not one violation.

  const signIn = (page: Page, login: string, password: string) =>
    signInThroughForm(page, server.url, login, password);

  it("shows the API docs under their own CSP", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/api/docs`);
    await page.getByText("Instant games platform API").first().waitFor();
    await page.getByText("/api/settings/games").first().waitFor();
    await page.close();
  });

  for (const width of [1280, 768]) {
    it(`sets up banks, methods, links and settings, and approves an agent's charge at ${width} px`, async () => {
      const viewport = { width, height: 900 };
      const admin = await browser.newPage({ viewport });
      await signIn(admin, "root@example.com", "root-password-1");
      await admin.waitForURL("**/admin/dashboard");
      const logo = async () => ({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await pngImage("#8e24aa"),
      });

      await admin.getByRole("link", { name: "Banks" }).click();
      await admin.getByRole("button", { name: "Create Bank" }).click();
      await admin.getByLabel("Bank name").fill(`Awash ${width}`);
      await admin.getByLabel("Account").fill("0132456789");
      await admin.getByLabel("Logo").setInputFiles(await logo());
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      await admin.getByRole("cell", { name: `Awash ${width}`, exact: true }).waitFor();
      await shoot(admin, "banks");

      await admin.getByRole("link", { name: "Withdraw Method" }).click();
      await admin.getByRole("button", { name: "Create Method" }).click();
      await admin.getByLabel("Method name").fill(`Telebirr ${width}`);
      await admin.getByLabel("Logo").setInputFiles(await logo());
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      await admin.getByRole("cell", { name: `Telebirr ${width}`, exact: true }).waitFor();

      await admin.getByRole("link", { name: "Social links" }).click();
      await admin.getByRole("button", { name: "Create Social" }).click();
      await admin.getByLabel("Social Name").fill(`Telegram ${width}`);
      await admin.getByLabel("Link").fill("javascript:alert(1)");
      await admin.getByLabel("Logo").setInputFiles(await logo());
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      // The server's refusal stands at its field, the dialog and what was typed stay.
      await admin.getByText("The link must start with http:// or https://.").waitFor();
      await admin.getByLabel("Link").fill("https://t.me/instantgames");
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      await admin.getByRole("cell", { name: `Telegram ${width}`, exact: true }).waitFor();
      await shoot(admin, "socials");

      await admin.getByRole("link", { name: "Games" }).click();
      await admin.getByRole("button", { name: "Create Instant Game" }).click();
      await admin.getByLabel("Bet amount").fill("0.5");
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      await admin.getByText("Please enter a valid bet amount!").waitFor();
      await admin.getByLabel("Bet amount").fill("25");
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      const table = admin.getByRole("row").filter({ hasText: "ETB 25.00" });
      await table.first().waitFor();
      await shoot(admin, "games");
      await table.first().getByRole("button", { name: "Delete" }).click();
      await admin.getByRole("button", { name: "Delete" }).last().click();
      await expect.poll(() => table.count(), { timeout: 5_000 }).toBe(0);

      await admin.getByRole("link", { name: "Settings" }).click();
      await admin.getByLabel("Waiting time (minutes)").nth(1).fill("0");
      await admin.getByRole("button", { name: "Save" }).click();
      await admin.getByText("All values must be valid numbers and within proper range.").waitFor();
      await admin.getByLabel("Waiting time (minutes)").nth(1).fill("3");
      await admin.getByLabel("Win cut (%)").nth(1).fill("12.5");
      await admin.getByRole("button", { name: "Save" }).click();
      await admin.getByText("Settings saved.").waitFor();
      await shoot(admin, "settings");
      const settings = await server.call("GET", "/api/settings", {
        token: (await signInSuperAdmin(server)).token,
      });
      expect(settings.body.settings.coinFlip).toEqual({ gameWaitingTime: 3, winPercentCut: 12.5 });

      const email = `charger${width}@example.com`;
      const root = (await signInSuperAdmin(server)).token;
      await server.call("POST", "/api/admin/accounts/create", {
        token: root,
        body: { fullName: `Agent ${width}`, email, password: "agent-pass-1" },
      });
      const agent = await browser.newPage({ viewport });
      await signIn(agent, email, "agent-pass-1");
      await agent.waitForURL("**/admin/dashboard");
      await agent.getByRole("link", { name: "Request Charge" }).first().click();
      await agent.getByLabel("Bank").selectOption(`Awash ${width}`);
      await agent.getByText("0132456789").waitFor();
      await agent.getByLabel("Amount (ETB)").fill("400");
      await agent.getByLabel("Account number").fill("5544");
      await agent.getByLabel("Transaction link").fill("https://awash/tx/1");
      await agent.getByLabel("Screenshot").setInputFiles(await logo());
      await shoot(agent, "request-charge");
      await agent.getByRole("button", { name: "Request Charge" }).last().click();
      await agent.getByText("charge request submitted successfully.").waitFor();

      await admin.getByRole("link", { name: "Transactions" }).click();
      const row = admin.getByRole("row").filter({ hasText: `Agent ${width}` });
      await row.getByRole("button", { name: "Approve", exact: true }).click();
      await admin.getByText(`Approve ETB 400.00 for Agent ${width}?`).waitFor();
      await admin.getByRole("button", { name: "Approve", exact: true }).last().click();
      await row.getByText("No action").waitFor();
      await shoot(admin, "transactions");
      await row.getByRole("button", { name: "View Screenshot" }).click(); // the proof, full size
      const proof = admin.getByRole("dialog", { name: "Screenshot" }).getByRole("img");
      await proof.waitFor(); // loaded through its signed link
      expect(await proof.getAttribute("src")).toMatch(
        /^\/image\/\w+\.webp\?expires=\d+&signature=/,
      );
      await expect
        .poll(() => proof.evaluate((img: { naturalWidth: number }) => img.naturalWidth))
        .toBeGreaterThan(0);
      await admin.getByRole("button", { name: "Close" }).click();
      const agentToken = (
        await server.call("POST", "/api/auth/user/login", {
          body: { phone: email, password: "agent-pass-1" },
        })
      ).body.token;
      expect((await server.call("GET", "/api/admin/float", { token: agentToken })).body).toEqual({
        mainBalance: 400,
      });
      await admin.close();
      await agent.close();
    }, 90_000);
  }

  it("at 1280 × 800: a menu as tall as the window, a not-found screen, Cancel first in money questions", async () => {
    const lottery = await createLottery(server, { title: "Focus Lottery" });
    const depositor = await pendingBankDeposit(server, "Tigist Focus", 80);
    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, "root@example.com", "root-password-1");

    // The side menu's background spans the window on a short screen, and on a long one scrolled.
    const menuSpan = () =>
      admin.evaluate(`(() => {
        const box = document.querySelector(".admin-menu").getBoundingClientRect();
        return { top: Math.round(box.top) || 0, bottom: Math.round(box.bottom), window: innerHeight };
      })()`) as Promise<{ top: number; bottom: number; window: number }>;
    await admin.getByRole("link", { name: "Change password" }).click();
    await admin.getByLabel("Current password").waitFor();
    expect(await menuSpan()).toEqual({ top: 0, bottom: 800, window: 800 });
    await admin.getByRole("link", { name: "Dashboard" }).click();
    await admin.locator(".charts .chart").first().waitFor();
    // Over the screen: the menu, taller than this window now, scrolls on its own.
    await admin.locator(".admin-main h1").hover();
    await admin.mouse.wheel(0, 5_000);
    await expect.poll(() => admin.evaluate("scrollY")).toBeGreaterThan(0);
    expect(await menuSpan()).toEqual({ top: 0, bottom: 800, window: 800 });

    // A mistyped address says so, with the way back, in the back office's frame.
    await admin.goto(`${server.url}/admin/dashboard/deposit`);
    await admin.getByRole("heading", { name: "Page not found" }).waitFor();
    await admin.getByRole("link", { name: "Back to the dashboard" }).click();
    await admin.locator(".charts .chart").first().waitFor();

    // Approve (a bank deposit) and Start drawing ask with Cancel focused: Enter pays nothing.
    await admin.getByRole("link", { name: "Deposit Request" }).click();
    const request = admin.getByRole("row").filter({ hasText: "Tigist Focus" });
    await request.getByRole("button", { name: "Approve", exact: true }).click();
    const approve = admin.getByRole("alertdialog", { name: "Approve ETB 80.00 for Tigist Focus?" });
    await approve.waitFor();
    await expect.poll(() => admin.evaluate("document.activeElement.textContent")).toBe("Cancel");
    await admin.keyboard.press("Enter");
    await approve.waitFor({ state: "detached" });
    await admin.getByRole("link", { name: "Games" }).click();
    const row = admin.locator("tr", { hasText: "Focus Lottery" });
    await row.getByRole("button", { name: "Start drawing" }).click();
    const draw = admin.getByRole("alertdialog");
    await draw.waitFor();
    await expect.poll(() => admin.evaluate("document.activeElement.textContent")).toBe("Cancel");
    await admin.keyboard.press("Enter");
    await draw.waitFor({ state: "detached" });

    const root = (await signInSuperAdmin(server)).token;
    const deposits = await server.call("GET", "/api/transactions/deposit", {
      token: depositor.token,
    });
    expect(deposits.body.transactions[0].status).toBe("pending");
    const view = await server.call("GET", `/api/game/lottery/get/${lottery.code}`, { token: root });
    expect(view.body.status).toBe("open");
    await admin.close();
  }, 60_000);

  for (const width of [1280, 768]) {
    it(`runs an agent deposit from creating the agent to blocking the player at ${width} px`, async () => {
      const viewport = { width, height: 900 };
      const admin = await browser.newPage({ viewport });
      await signIn(admin, "root@example.com", "root-password-1");
      await admin.waitForURL("**/admin/dashboard");
      await admin.getByText("Players' balance").waitFor();
      await shoot(admin, "dashboard");

      const email = `agent${width}@example.com`;
      await admin.getByRole("link", { name: "Sub Admins" }).click();
      await admin.getByRole("button", { name: "Create Admin" }).click();
      await admin.getByLabel("Full name").fill("Agent Tsehay");
      await admin.getByLabel("Email").fill(email);
      await admin.getByLabel("Password", { exact: true }).fill("agent-pass-1");
      await admin.getByLabel("Confirm password").fill("agent-pass-2");
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      await admin.getByText("Passwords do not match.").waitFor();
      await admin.getByLabel("Confirm password").fill("agent-pass-1");
      await admin.getByRole("button", { name: "Create", exact: true }).click();
      await admin.getByRole("cell", { name: email, exact: true }).waitFor();
      await shoot(admin, "sub-admins");

      const agentLogin = await server.call("POST", "/api/auth/user/login", {
        body: { phone: email, password: "agent-pass-1" },
      });
      const charge = form(
        { method: "CBE", amount: 1000, accountNumber: "9", transactionId: "https://cbe/tx/7" },
        { field: "screenshot", bytes: await pngImage() },
      );
      const charged = await server.call("POST", "/api/admin/charge/request", {
        token: agentLogin.body.token,
        body: charge,
      });
      const root = (await signInSuperAdmin(server)).token;
      await server.call("POST", `/api/admin/charge/approve/${charged.body.id}`, { token: root });

      const name = `Kidist Haile ${width}`;
      const player = await signUpPlayer(server, name);
      const requested = await server.call("POST", "/api/wallet/deposit/request", {
        token: player.token,
        body: form({ method: "Agent Deposit", amount: 250 }),
      });

      const agent = await browser.newPage({ viewport });
      await signIn(agent, email, "agent-pass-1");
      await agent.waitForURL("**/admin/dashboard");
      await agent.getByText("Remaining balance").waitFor();
      await expect(agent.getByRole("link", { name: "Players" }).count()).resolves.toBe(0); // not in an agent's menu
      await agent.getByRole("link", { name: "Deposit Request" }).click();
      const row = agent.getByRole("row").filter({ hasText: name });
      await row.waitFor();
      await row.getByRole("button", { name: "Approve", exact: true }).click();
      // The question names the player and the amount.
      await agent.getByText(`Approve ETB 250.00 for ${name}?`).waitFor();
      await agent.getByRole("button", { name: "Approve", exact: true }).last().click();
      await agent.getByText("Please enter a deposit code before approving.").waitFor();
      await agent.getByLabel("Deposit code").fill(requested.body.depositCode.toLowerCase());
      await shoot(agent, "approve-deposit");
      await agent.getByRole("button", { name: "Approve", exact: true }).last().click();
      await row.getByText("No action").waitFor();
      await shoot(agent, "deposits");

      const balances = await server.call("GET", "/api/login/user", { token: player.token });
      expect(balances.body.mainBalance).toBe(250);
      expect(
        (await server.call("GET", "/api/admin/float", { token: agentLogin.body.token })).body,
      ).toEqual({ mainBalance: 750 });

      await admin.getByRole("link", { name: "Players" }).click();
      const playerRow = admin.getByRole("row").filter({ hasText: name });
      await playerRow.getByRole("button", { name: "Block", exact: true }).click();
      await admin.getByText(`Block ${name}?`).waitFor();
      await admin.getByRole("button", { name: "Block", exact: true }).last().click();
      await playerRow.getByRole("button", { name: "Unblock" }).waitFor();
      await shoot(admin, "players");
      expect((await server.call("GET", "/api/login/user", { token: player.token })).status).toBe(
        403,
      );
      await admin.close();
      await agent.close();
    }, 90_000);
  }
});
