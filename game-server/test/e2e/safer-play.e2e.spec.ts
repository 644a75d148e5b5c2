import { hasChromium, startBrowserJourney } from "@igp/test-support/browser.ts";
import { balancesOf, fundedPlayer } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { createLottery } from "@igp/test-support/lottery.ts";
import { expectPageProblems } from "@igp/test-support/page-problems.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * 'Play responsibly' in Chromium: a player sets a daily loss limit in the profile (a bad amount
 * is refused at its row; a raise shows when it applies), then buys lottery tickets until the
 * limit refuses one with its reason and charges nothing; the superAdmin sees the limit in the
 * players screen. Any page or console error fails the journey (page-problems).
 */
describe.skipIf(!hasChromium)("safer play in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    journey = await startBrowserJourney("safer-play-");
    ({ server, shoot } = journey);
  });
  afterAll(() => journey?.stop());

  const signedInPage = (token: string) =>
    journey.signedInPage(token, { viewport: { width: 1280, height: 900 } });

  it("a limit set in the profile refuses the stake that would pass it, with the message", {
    timeout: 120_000,
  }, async () => {
    const player = await fundedPlayer(server, 100_00, 0, "Tigist Bekele");
    await createLottery(server, { betAmount: 10, title: "Meskel Lottery" });
    const page = await signedInPage(player.token);
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByRole("tab", { name: "Play responsibly" }).click();
    const row = page.getByRole("form", { name: "Net loss per day" });
    await row.getByText("No limit").waitFor();

    await row.getByLabel("New limit (ETB)").fill("0");
    await row.getByRole("button", { name: "Save" }).click();
    // Checked in the page with the server's own rule and words: nothing is sent.
    await page.getByText("Limit amount must be at least ETB 1.00.").waitFor();
    await row.getByLabel("New limit (ETB)").fill("15");
    await row.getByRole("button", { name: "Save" }).click();
    await page.getByText("Limit saved.").waitFor();
    await row.getByText("ETB 15.00").waitFor();
    // A raise waits 24 hours, and says when it applies.
    await row.getByLabel("New limit (ETB)").fill("500");
    await row.getByRole("button", { name: "Save" }).click();
    await row.getByText(/Changes to ETB\s500\.00 at /).waitFor();
    // A reality check every 15 minutes of play; the page's clock is ours from here on.
    await page.getByLabel("Remind me every").selectOption("15");
    await shoot(page, "limits");
    await page.clock.install();

    await page.goto(`${server.url}/play/instant/lottery`);
    const card = page.locator(".lottery-card", { hasText: "Meskel Lottery" });
    const buy = async () => {
      await card.getByRole("button", { name: "Buy Ticket" }).click();
      await page.getByRole("button", { name: "Confirm" }).click();
    };
    await buy();
    await page.getByText("Ticket purchased successfully!").waitFor();
    await page.getByRole("button", { name: "OK" }).click();
    await buy();
    await page
      .getByText("This stake would pass your daily loss limit of ETB 15.00 (ETB 5.00 left).")
      .waitFor();
    await shoot(page, "refused");
    // The refusal is the answer this journey asks for (403); any other page problem still fails it.
    expect(expectPageProblems(/status of 403 .*\/api\/game\/lottery\/buy\/ticket/)).toHaveLength(1);
    expect(await balancesOf(server, player.token)).toEqual({ main: 90, bonus: 0 });
    await page.getByRole("button", { name: "OK" }).click();

    await page.clock.fastForward("15:05");
    const check = page.getByRole("alertdialog", { name: "Reality check" });
    await check.getByText("You have played for 15 minutes this session.").waitFor();
    await check.getByText(/Net result this session: -ETB\s10\.00/).waitFor();
    await shoot(page, "reality-check");
    await check.getByRole("button", { name: "Continue" }).click();
    await check.waitFor({ state: "detached" });

    const admin = await signedInPage(journey.root);
    await admin.goto(`${server.url}/admin/dashboard/players`);
    await admin
      .getByRole("row")
      .filter({ hasText: "Tigist Bekele" })
      .getByRole("button", { name: "Play responsibly" })
      .click();
    const staffView = admin.getByRole("region", { name: "Play responsibly: Tigist Bekele" });
    await staffView
      .getByText(/ETB\s15\.00 · Used: ETB\s10\.00 · Changes to ETB\s500\.00/)
      .waitFor();
    await shoot(admin, "staff");
  });
});
