import { readFile } from "node:fs/promises";
import {
  hasChromium,
  signInContext,
  signInThroughForm,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { fundedPlayer, nextMessage, seed, watchRound } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/**
 * The reports in the browser: the games report of a coin flip played through the API, its CSV
 * export, a bank's deposits ticked against a statement, a time zone that is not one refused at
 * its field, a player's statement from the Players screen, and the player's own download.
 */
describe.skipIf(!hasChromium)("reports in the back office (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let root: string;
  let alice: Awaited<ReturnType<typeof fundedPlayer>>;
  beforeAll(async () => {
    journey = await startBrowserJourney("reports-", { GAME_START_NOTICE_MS: "100" });
    ({ server, root } = journey);
    alice = await fundedPlayer(server, 500_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 500_00, 0, "Bob Girma");
    // Two bank deposits through the API, approved: with the players' first, the day's list to tick.
    for (const [player, reference] of [
      [alice, "FT26E001"],
      [bob, "FT26E002"],
    ] as const) {
      const body = form(
        { method: "CBE", amount: 120, accountNumber: "100200", transactionId: reference },
        { field: "screenshot", bytes: await pngImage() },
      );
      const asked = await server.call("POST", "/api/wallet/deposit/request", {
        token: player.token,
        body,
      });
      const approved = await server.call(
        "POST",
        `/api/admin/deposit/approve/${asked.body.transactionId}`,
        {
          token: root,
          body: {},
        },
      );
      expect(approved.status).toBe(200);
    }
    const created = await server.call("POST", "/api/game/private/create", {
      token: alice.token,
      body: {
        gameType: "coin-flip",
        access: "private",
        betAmount: 50,
        selectedSide: "H",
        clientSeed: seed(),
      },
    });
    const room = await watchRound(server, alice.token, created.body.gameCode);
    const coin = nextMessage(room, "coin");
    await server.call("POST", "/api/game/coin-flip/join", {
      token: bob.token,
      body: { code: created.body.gameCode, clientSeed: seed() },
    });
    await coin;
    await room.leave();
  }, 120_000);
  afterAll(() => journey?.stop());

  async function staffPage(viewport = DESKTOP) {
    const page = await journey.browser.newPage({ viewport, acceptDownloads: true });
    await signInThroughForm(page, server.url, "root@example.com", "root-password-1");
    return page;
  }

  /** Pixels of a canvas in the chart's bar colour (the page's --accent), run in the page. */
  const barPixels = `(canvas) => {
    const probe = document.createElement("canvas").getContext("2d");
    probe.fillStyle = getComputedStyle(canvas).getPropertyValue("--accent").trim();
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3] > 200 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 24)
        count++;
    return count;
  }`;

  async function downloaded(page: Page, click: () => Promise<void>) {
    const [download] = await Promise.all([page.waitForEvent("download"), click()]);
    return readFile((await download.path())!, "utf8");
  }

  it("shows the games report with its totals and exports it as CSV", async () => {
    const page = await staffPage();
    await page.goto(`${server.url}/admin/dashboard/reports`);
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    const games = page.locator(".report-table").first();
    const coinFlip = games.getByRole("row", { name: /Coin Flip/ });
    await coinFlip.waitFor();
    await expect.poll(() => coinFlip.textContent()).toMatch(/100\.00.*90\.00.*10\.00/);
    await expect.poll(() => coinFlip.textContent()).toContain("90%");
    // The week's turnover chart (uPlot, a canvas) has today's 100.00 drawn as a bar.
    const turnover = page.getByRole("img", { name: /^Turnover per day: \D*100\.00$/ });
    await turnover.locator("canvas").waitFor();
    await expect
      .poll(() =>
        page.evaluate<number>(
          `(${barPixels})(document.querySelector('[aria-label^="Turnover per day"] canvas'))`,
        ),
      )
      .toBeGreaterThan(100);
    await journey.shoot(page, "games");
    const csv = await downloaded(page, () =>
      page.getByRole("button", { name: "Export CSV" }).click(),
    );
    expect(csv.split("\r\n").at(-2)).toMatch(
      /^all days,all games,,,,1,0,2,2,100\.00,90\.00,10\.00,/,
    );
    await page.close();
  });

  it("lists a bank's approved deposits of the day and ticks them against the statement", async () => {
    const page = await staffPage();
    await page.goto(`${server.url}/admin/dashboard/reports?tab=money`);
    await page.getByRole("button", { name: "Tick against statement" }).first().click();
    const list = page.getByRole("region", { name: /CBE deposits approved on/ });
    await list.getByText("FT26E001").waitFor();
    await expect.poll(() => list.getByRole("status").textContent()).toMatch(/^0 of 4 ticked/);
    await list.getByRole("checkbox", { name: "Tick against statement FT26E002" }).check();
    await expect
      .poll(() => list.getByRole("status").textContent())
      .toMatch(/^1 of 4 ticked: \D*120\.00 of \D*1,240\.00$/);
    await journey.shoot(page, "ticking");
    await page.close();
  });

  it("refuses a time zone that is not one at its field, and keeps the one set", async () => {
    const page = await staffPage();
    await page.goto(`${server.url}/admin/dashboard/reports`);
    await page.getByText("Time zone: Africa/Addis_Ababa").click();
    await page.getByLabel("Time zone").fill("Mars/Olympus_Mons");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await page
      .getByText("Time zone must be an IANA time zone such as Africa/Addis_Ababa.")
      .waitFor();
    const saved = await server.call("GET", "/api/admin/reports/settings", { token: root });
    expect(saved.body).toEqual({ timeZone: "Africa/Addis_Ababa" });
    await page.close();
  });

  it("opens a player's statement from the Players screen, with running balances", async () => {
    const page = await staffPage(PHONE);
    await page.goto(`${server.url}/admin/dashboard/players`);
    await page.getByRole("link", { name: "Statement" }).first().waitFor();
    await page
      .locator("tr", { hasText: "Alice Tadesse" })
      .getByRole("link", { name: "Statement" })
      .click();
    const statement = page.getByRole("region", { name: "Statement" });
    await statement.getByRole("heading", { name: "Alice Tadesse" }).waitFor();
    const rows = statement.locator("tbody tr");
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    expect(await rows.first().textContent()).toContain("Deposit");
    const sideways = await page.evaluate<number>(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(sideways).toBe(0);
    await journey.shoot(page, "statement");
    await page.close();
  });

  it("lets the player download its own statement from the profile", async () => {
    // A phone in Ethiopia: its days are the operator's.
    const context = await journey.browser.newContext({
      viewport: PHONE,
      acceptDownloads: true,
      timezoneId: "Africa/Addis_Ababa",
    });
    await signInContext(context, alice.token);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByRole("tab", { name: "Transactions" }).click();
    const csv = await downloaded(page, () =>
      page.getByRole("button", { name: "Download statement (CSV)" }).click(),
    );
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("revision,at,kind,main,bonus,mainBalance,bonusBalance,reference");
    expect(lines[1]).toMatch(/,deposit,500\.00,0\.00,500\.00,0\.00,/);
    await context.close();
  });
});
