import { setTimeout as sleep } from "node:timers/promises";
import { seriousViolations } from "@igp/test-support/axe.ts";
import {
  clickWhenHydrated,
  hasChromium,
  holdRequests,
  signInContext,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { fundedPlayer } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { form, pngImage } from "@igp/test-support/images.ts";
import { buyTicket, createLottery } from "@igp/test-support/lottery.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Money by method and money notices, in Chromium: a player withdraws to Telebirr and is told
 * where the money goes and when (no agent code); the superAdmin approves it in the back office
 * with the payment reference of the transfer made (a word is refused at the field); the player's
 * open page shows a toast with the amount and the reference, and the list shows them, without a
 * reload. A deposit approved (in Amharic) and a lottery won reach the open pages the same way,
 * and an open My Tickets page stops saying 'Open' after the draw.
 */
describe.skipIf(!hasChromium)("money notices in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    journey = await startBrowserJourney("money-");
    ({ server, browser, shoot } = journey);
    const method = form(
      { bankName: "Telebirr", type: "withdraw" },
      { field: "bankLogo", bytes: await pngImage() },
    );
    await server.call("POST", "/api/banks/create", { token: journey.root, body: method });
  });
  afterAll(() => journey?.stop());

  async function signedInPage(token: string, width: number) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await signInContext(context, token);
    const page = await context.newPage();
    return page;
  }

  /**
   * Resolves when the page's player channel is joined: its first balanceUpdated, on whichever of
   * the page's sockets (a lobby has its own room too).
   */
  const channelJoined = (page: Page) =>
    new Promise<void>((resolve) =>
      page.on("websocket", (socket) =>
        socket.on("framereceived", (frame) => {
          if (Buffer.from(frame.payload).includes("balanceUpdated")) resolve();
        }),
      ),
    );

  /** Opens `path` and waits until the player channel is joined. */
  async function openWithChannel(page: Page, path: string) {
    const joined = channelJoined(page);
    await page.goto(`${server.url}${path}`);
    await joined;
  }

  /** The toast saying `text`, in the labelled region of money notices. */
  const toast = (page: Page, region: string, text: string) =>
    page.getByRole("region", { name: new RegExp(region) }).locator("li", { hasText: text });

  it("a bank withdrawal: where and when for the player, paid with a payment reference, told live", {
    timeout: 120_000,
  }, async () => {
    const player = await fundedPlayer(server, 200_00, 0, "Selam Worku");
    const page = await signedInPage(player.token, 360);
    await openWithChannel(page, "/dashboard/profile");
    await page.getByRole("tab", { name: "Transactions" }).click();
    await page.getByRole("tab", { name: "Withdraw" }).click();
    await page.getByLabel("Amount", { exact: true }).fill("50");
    await page.getByLabel("Method").selectOption("Telebirr");
    await page.getByLabel("Account number").fill("0911223344");
    await page.getByRole("button", { name: "Withdraw", exact: true }).last().click();
    await page
      .getByText(
        "We will send ETB 50.00 to your Telebirr account 0911223344. It stays pending in your withdrawals until our staff make the transfer; its payment reference then shows there.",
      )
      .waitFor();
    expect(await page.getByText("Tell this code to the agent").count()).toBe(0);
    await shoot(page, "bank-withdrawal-requested");
    await page.getByRole("button", { name: "OK" }).click();
    const row = page.locator(".transaction").filter({ hasText: "ETB 50.00" });
    await row.getByText("To Telebirr · 0911223344").waitFor();
    await row.getByText("Pending until our staff send the transfer").waitFor();

    const admin = await signedInPage(journey.root, 1280);
    await admin.goto(`${server.url}/admin/dashboard/withdrawals`);
    const request = admin.getByRole("row").filter({ hasText: "Selam Worku" });
    await request.getByRole("button", { name: "Approve", exact: true }).click();
    const dialog = admin.getByRole("dialog");
    await dialog
      .getByText(
        "First transfer ETB 50.00 to the Telebirr account 0911223344, then enter the payment reference of that transfer.",
      )
      .waitFor();
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await dialog
      .getByText("Please enter the payment reference of the transfer before approving.")
      .waitFor();
    await dialog.getByLabel("Payment reference").fill("paid");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await dialog
      .getByText(
        "Enter the payment reference as the bank shows it: 4 to 40 letters and digits, at least one digit.",
      )
      .waitFor();
    await dialog.getByLabel("Payment reference").fill("FT26XYZ123");
    await shoot(admin, "approve-bank-withdrawal");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await request.getByText("No action").waitFor();
    await request.getByText("FT26XYZ123").waitFor();

    // The player's open page: a toast with the amount and the reference, and the list shows it.
    const paid = toast(page, "Money notices", "Withdrawal paid");
    await paid
      .getByText("ETB 50.00 was sent to your Telebirr account. Payment reference: FT26XYZ123.")
      .waitFor({ timeout: 15_000 });
    await shoot(page, "withdrawal-paid-toast");
    // The toast passes the WCAG 2 A/AA checks the main screens pass (contrast, names, roles).
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByText("FT26XYZ123").waitFor();
    await row.getByText("approved").waitFor();
    await paid.getByRole("button", { name: "Close" }).click();
    await paid.waitFor({ state: "detached" });

    // The dashboard says what its house revenue counts, on the card and under the chart.
    await admin.getByRole("link", { name: "Dashboard" }).click();
    const help = admin.getByText(/^House revenue is what the house keeps from play and payouts/);
    await help.last().waitFor();
    await admin.getByText("What counts as house revenue?").click();
    await help.first().waitFor();
    expect(await help.count()).toBe(2);
    await shoot(admin, "dashboard-revenue-help");
    await admin.context().close();
    await page.context().close();
  });

  it("the channel waits for the page to load: its code is not fetched beside the page's own", {
    timeout: 60_000,
  }, async () => {
    const player = await fundedPlayer(server, 20_00, 0, "Abel Tesfaye");
    const page = await signedInPage(player.token, 360);
    // The games' pictures held back: the page cannot finish loading, its own scripts still run.
    const release = await holdRequests(page, "**/assets/*.svg");
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    const joined = channelJoined(page);
    await page.goto(`${server.url}/`, { waitUntil: "commit" });
    // The page's code has run: its slides pause (then time for more to be asked).
    await clickWhenHydrated(page.getByRole("button", { name: "Pause slides" }));
    await page.getByRole("button", { name: "Play slides" }).waitFor();
    await sleep(1_500);
    const channel = (path: string) =>
      /^\/assets\/player-channel-[\w-]+\.js$/.test(path) || path.endsWith("/joinOrCreate/player");
    expect(asked.filter(channel)).toEqual([]);
    release();
    await joined;
    expect(asked.filter(channel)).toHaveLength(2);
  });

  it("a deposit approved and a lottery won: toasts in the player's language, lists read again", {
    timeout: 120_000,
  }, async () => {
    const player = await fundedPlayer(server, 100_00, 0, "Abel Tesfaye");
    const lottery = await createLottery(server, {
      title: "Genna Lottery",
      betAmount: 10,
      winAmount: 500,
      prizes: "Phone",
    });
    // One ticket: first place is the player's (500 in money).
    expect((await buyTicket(server, player.token, lottery.code)).status).toBe(201);
    const page = await signedInPage(player.token, 1280);
    await openWithChannel(page, "/dashboard/lottery-tickets");
    const ticket = page.getByRole("row").filter({ hasText: "Genna Lottery" });
    await ticket.getByText("Open").waitFor();
    const sentence = "Genna Lottery: you won ETB 500.00.";
    // Told once the room has revealed the winners: Finish (the 5-s notice), then the reveal.
    const shown = toast(page, "Money notices", "You won!")
      .getByText(sentence)
      .waitFor({ timeout: 30_000 });
    // Read out politely as well as shown (the announcement lasts a second).
    const announced = page
      .getByRole("status")
      .filter({ hasText: sentence })
      .first()
      .waitFor({ state: "attached", timeout: 30_000 });
    const drawn = await server.call("POST", "/api/games/lottery/finish", {
      token: journey.root,
      body: { code: lottery.code },
    });
    expect(drawn.status).toBe(200);
    await Promise.all([shown, announced]);
    expect(
      await page.getByRole("status").filter({ hasText: sentence }).getAttribute("aria-live"),
    ).toBe("polite");
    // The open My Tickets page follows the draw without a reload.
    await ticket.getByText("ETB 500.00").waitFor();
    expect(await ticket.getByText("Open").count()).toBe(0);
    await shoot(page, "lottery-won-toast");

    // In Amharic: a bank deposit approved, told with its amount, and its list updated.
    await openWithChannel(page, "/dashboard/profile");
    await page.getByRole("button", { name: "Change language" }).click();
    await page.getByRole("button", { name: "ቋንቋ ቀይር" }).waitFor();
    const body = form(
      { method: "CBE", amount: 120, accountNumber: "100200", transactionId: "FT26DEP1" },
      { field: "screenshot", bytes: await pngImage() },
    );
    const requested = await server.call("POST", "/api/wallet/deposit/request", {
      token: player.token,
      body,
    });
    expect(requested.status).toBe(201);
    await page.getByRole("tab", { name: "ግብይቶች" }).click();
    const deposit = page.locator(".transaction").filter({ hasText: "120.00" });
    await deposit.getByText("በመጠባበቅ ላይ").waitFor();
    const approved = await server.call(
      "POST",
      `/api/admin/deposit/approve/${requested.body.transactionId}`,
      { token: journey.root, body: {} },
    );
    expect(approved.status).toBe(200);
    await toast(page, "የገንዘብ ማሳወቂያዎች", "ገቢ ጸድቋል")
      .getByText(/120\.00 አሁን በሂሳብዎ ውስጥ ነው።/)
      .waitFor({ timeout: 15_000 });
    await deposit.getByText("ጸድቋል").waitFor();
    await shoot(page, "deposit-approved-toast-amharic");
    await page.context().close();
  });
});
