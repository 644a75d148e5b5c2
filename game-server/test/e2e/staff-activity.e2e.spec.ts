import { readFile } from "node:fs/promises";
import { AGENT_PASSWORD, createAgent, eventually, fundAgent } from "@igp/test-support/agents.ts";
import { seriousViolations } from "@igp/test-support/axe.ts";
import { hasChromium, signInThroughForm, startBrowserJourney } from "@igp/test-support/browser.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { signUpPlayer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/**
 * The staff activity log in the browser: actions of two staff members taken through the API
 * (the agent pays a deposit at its counter, the superAdmin refuses a bank deposit and approves
 * the agent's charge), then the superAdmin opens Activity log from the menu, filters by staff
 * member and by action, and downloads the filtered CSV; on a phone, each action is a card.
 */
describe.skipIf(!hasChromium)("staff activity log (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let root: string;
  let agent: Awaited<ReturnType<typeof createAgent>>;
  let refusedId: string;
  beforeAll(async () => {
    journey = await startBrowserJourney("activity-");
    ({ server, root } = journey);
    agent = await createAgent(server, root);
    await fundAgent(server, root, agent, 1_000);
    const bob = await signUpPlayer(server, "Bob Girma");
    const atAgent = await server.call("POST", "/api/wallet/deposit/request", {
      token: bob.token,
      body: form({ method: "Agent Deposit", amount: 300 }),
    });
    const paid = await server.call(
      "POST",
      `/api/admin/deposit/approve/${atAgent.body.transactionId}`,
      { token: agent.token, body: { depositCode: atAgent.body.depositCode } },
    );
    expect(paid.status).toBe(200);
    const bank = await server.call("POST", "/api/wallet/deposit/request", {
      token: bob.token,
      body: form(
        { method: "CBE", amount: 99, accountNumber: "100200", transactionId: "FT27E001" },
        { field: "screenshot", bytes: await pngImage() },
      ),
    });
    refusedId = bank.body.transactionId;
    const refused = await server.call("POST", `/api/admin/disapprove/${refusedId}`, {
      token: root,
      body: {},
    });
    expect(refused.status).toBe(200);
    // The ledger's part of the log is a read model: wait until it holds the last action.
    await eventually(
      () => server.call("GET", `/api/admin/activity?${around()}`, { token: root }),
      (answer) =>
        answer.body.entries?.some((e: { action: string }) => e.action === "deposit.refuse"),
    );
  }, 120_000);
  afterAll(() => journey?.stop());

  const ZONE = "Africa/Addis_Ababa";
  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const around = () => `from=${today()}&to=${today()}`;

  async function staffPage(viewport = DESKTOP) {
    const page = await journey.browser.newPage({ viewport, acceptDownloads: true });
    await signInThroughForm(page, server.url, "root@example.com", "root-password-1");
    return page;
  }

  async function downloaded(page: Page, click: () => Promise<void>) {
    const [download] = await Promise.all([page.waitForEvent("download"), click()]);
    return readFile((await download.path())!, "utf8");
  }

  it("opens from the menu, filters by staff member and action, and downloads the CSV", async () => {
    const page = await staffPage();
    await page.getByRole("link", { name: "Activity log" }).click();
    await page.getByRole("heading", { name: "Activity log", level: 1 }).waitFor();
    const rows = page.locator(".report-table tbody tr");
    await rows.filter({ hasText: "Deposit refused" }).waitFor();
    const paid = rows.filter({ hasText: "Deposit approved" });
    await expect
      .poll(() => paid.textContent())
      .toMatch(/Agent Smith \(Agent\).*300\.00.*Bob Girma/);
    await expect.poll(() => paid.textContent()).toContain("127.0.0.1");

    // One staff member: the agent's actions only.
    await page.getByLabel("Staff member").selectOption({ label: "Agent Smith (Agent)" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => rows.filter({ hasText: "Deposit refused" }).count()).toBe(0);
    await expect.poll(() => rows.count()).toBe(2); // its charge request and the deposit paid
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining("Deposit approved"),
      expect.stringContaining("Charge requested"),
    ]);

    // One action, every staff member.
    await page.getByLabel("Staff member").selectOption({ label: "All staff" });
    await page.getByLabel("Action").selectOption({ label: "Deposit refused" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toMatch(/Super Admin.*99\.00/);
    await journey.shoot(page, "filtered");

    const csv = await downloaded(page, () =>
      page.getByRole("button", { name: "Export CSV" }).click(),
    );
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Time \(UTC\),Staff,Staff id,Role,Action,Amount \(ETB\),/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,deposit.refuse,99.00,deposit,${refusedId},Bob Girma,`);
    await page.close();
  });

  it("shows each action as a card on a phone, nothing scrolling sideways, no serious axe finding", async () => {
    const page = await staffPage(PHONE);
    await page.goto(`${server.url}/admin/dashboard/activity`);
    const rows = page.locator(".report-table tbody tr");
    await rows.filter({ hasText: "Charge approved" }).waitFor();
    const sideways = await page.evaluate<number>(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(sideways).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await journey.shoot(page, "phone");
    await page.close();
  });

  it("is not in an agent's menu, and its address is refused to the agent", async () => {
    const page = await journey.browser.newPage({ viewport: DESKTOP });
    await signInThroughForm(page, server.url, agent.email, AGENT_PASSWORD);
    await page.getByRole("link", { name: "Deposit Request" }).waitFor();
    expect(await page.getByRole("link", { name: "Activity log" }).count()).toBe(0);
    const answer = await server.call("GET", `/api/admin/activity?${around()}`, {
      token: agent.token,
    });
    expect(answer.status).toBe(403);
    await page.close();
  });
});
