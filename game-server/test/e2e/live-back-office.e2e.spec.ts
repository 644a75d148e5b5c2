import { hasChromium, signInThroughForm, startBrowserJourney } from "@igp/test-support/browser.ts";
import { pendingBankDeposit } from "@igp/test-support/deposits.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The live back office with two staff screens open: a new deposit request appears on the list
 * and as a badge on the menu without any reload, and approving it on one screen takes its
 * actions off the other's at once.
 */
describe.skipIf(!hasChromium)("live back office (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  beforeAll(async () => {
    journey = await startBrowserJourney("live-");
    server = journey.server;
  });
  afterAll(() => journey?.stop());

  async function staffScreen(path: string) {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInThroughForm(page, server.url, "root@example.com", "root-password-1");
    await page.goto(`${server.url}/admin/dashboard${path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    return page;
  }

  it("shows new requests as they come, and a decision on one screen on the other", async () => {
    const [deciding, watching, elsewhere] = [
      await staffScreen("/deposits"),
      await staffScreen("/deposits"),
      await staffScreen(""),
    ];
    await pendingBankDeposit(server, "Meron Live", 64);
    for (const page of [deciding, watching]) {
      await page.getByRole("row").filter({ hasText: "Meron Live" }).waitFor();
    }
    // The dashboard's menu counts it until the list is opened.
    const entry = elsewhere.getByRole("link", { name: /^Deposit Request/ });
    await expect.poll(() => entry.textContent()).toContain("1 new");
    await entry.click();
    await elsewhere.getByRole("row").filter({ hasText: "Meron Live" }).waitFor();
    await expect.poll(() => entry.textContent()).toBe("Deposit Request");

    const row = (page: typeof deciding) => page.getByRole("row").filter({ hasText: "Meron Live" });
    await row(deciding).getByRole("button", { name: "Approve", exact: true }).click();
    const approve = deciding.getByRole("alertdialog", {
      name: "Approve ETB 64.00 for Meron Live?",
    });
    await approve.getByRole("button", { name: "Approve", exact: true }).click();
    await approve.waitFor({ state: "detached" });
    // The other screen, untouched, loses the request's actions.
    await row(watching)
      .getByRole("button", { name: "Approve", exact: true })
      .waitFor({ state: "detached" });
    expect(await row(watching).textContent()).toMatch(/Approved/i);
    await journey.shoot(watching, "decided-elsewhere");
  });
});
