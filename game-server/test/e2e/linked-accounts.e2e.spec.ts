import { seriousViolations } from "@igp/test-support/axe.ts";
import { hasChromium, signInContext, startBrowserJourney } from "@igp/test-support/browser.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Linked accounts in Chromium: two players sign up from one browser (its device cookie), the
 * superAdmin finds their group on the Linked accounts screen, opens it, reads why they are
 * linked, and goes to a member's page, which shows the same group. Any page or console error
 * fails the journey (page-problems).
 */
describe.skipIf(!hasChromium)("linked accounts in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    journey = await startBrowserJourney("linked-accounts-");
    ({ server, browser, shoot } = journey);
  }, 120_000);
  afterAll(() => journey?.stop());

  /** A sign-up through the API as a browser holding `device` (its igp_device cookie) makes it. */
  async function signUp(fullName: string, phone: string, device?: string) {
    const answer = await server.call("POST", "/api/auth/user/register", {
      body: {
        phone,
        fullName,
        password: "secret12",
        confirmPassword: "secret12",
        ageConfirmed: true,
        termsAccepted: true,
      },
      headers: device ? { cookie: device } : {},
    });
    expect(answer.status).toBe(201);
    const given = answer.headers.getSetCookie().find((line) => line.startsWith("igp_device="));
    return { userId: answer.body.userId as string, device: device ?? given!.split(";")[0]! };
  }

  it("the superAdmin opens a group from the list, reads why, and goes to a member's page", {
    timeout: 120_000,
  }, async () => {
    const first = await signUp("Mekdes Shared", "0933111101");
    await signUp("Mulu Shared", "0933111102", first.device);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, journey.root);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByRole("link", { name: "Linked accounts" }).click();
    await page.getByRole("heading", { name: "Linked accounts", level: 1 }).waitFor();
    const listed = page.locator(".linked-entry", { hasText: "Mekdes Shared" });
    await listed.getByText(/Same device: [0-9a-f]{8}/).waitFor();
    await shoot(page, "list");

    await listed.getByRole("link", { name: "Open group" }).click();
    await page.waitForURL(/\/admin\/dashboard\/linked-accounts\?group=/);
    const group = page.getByRole("article");
    await group.getByText("2 players").waitFor();
    await group.getByText(/Same device: [0-9a-f]{8}/).waitFor();
    await group.getByText("Mekdes Shared, Mulu Shared").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "group");

    await group.getByRole("link", { name: "Mulu Shared" }).click();
    await page.waitForURL(/\/admin\/dashboard\/players\?player=/);
    const own = page.getByRole("article", { name: "Linked accounts: Mulu Shared" });
    await own.getByRole("link", { name: "Mekdes Shared" }).waitFor();
    await page.getByRole("region", { name: "Play responsibly: Mulu Shared" }).waitFor();
    await shoot(page, "player");
    await context.close();
  });
});
