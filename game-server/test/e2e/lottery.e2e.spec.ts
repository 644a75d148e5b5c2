import { auditLedger } from "@igp/projections";
import {
  clickWhenHydrated,
  hasChromium,
  signInOnThisPage,
  startBrowserJourney,
} from "@igp/test-support/browser.ts";
import { balancesOf, fundedPlayer } from "@igp/test-support/games.ts";
import { signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import { pngImage } from "@igp/test-support/images.ts";
import { buyTicket, createLottery, drawingOver, inMinutes } from "@igp/test-support/lottery.ts";
import { expectPageProblems } from "@igp/test-support/page-problems.ts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The lottery in Chromium: the superAdmin creates one with a banner in the back office, two
 * players buy tickets (their balance drops at once), the admin starts the drawing, each player
 * sees My Tickets and Winner Tickets, /fair re-runs the drawing, and the money of players and
 * house is exactly what the rules say.
 */
describe.skipIf(!hasChromium)("lottery in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    journey = await startBrowserJourney("lottery-");
    ({ server, browser, shoot } = journey);
  });
  afterAll(() => journey?.stop());

  const signedInPage = (token: string, width: number) =>
    journey.signedInPage(token, {
      viewport: { width, height: 900 },
      ...(width === 360 ? { hasTouch: true, isMobile: true } : {}),
    });

  async function buy(page: Page, title: string) {
    const card = page.locator(".lottery-card", { hasText: title });
    // The list is rendered by the server: its button works once hydrated.
    await clickWhenHydrated(card.getByRole("button", { name: "Buy Ticket" }));
    await page.getByRole("heading", { name: "Confirm Purchase" }).waitFor();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Ticket purchased successfully!").waitFor();
    await page.getByRole("button", { name: "OK" }).click();
  }

  it("admin creates and draws; players buy, see their tickets and the winners; money by the rules", {
    timeout: 150_000,
  }, async () => {
    const admin = await signedInPage(journey.root, 1280);
    await admin.goto(`${server.url}/admin/dashboard/games`);
    await admin.getByRole("button", { name: "Create Instant Game" }).click();
    await admin.getByLabel("Type").selectOption("lottery");
    await admin.getByRole("button", { name: "Create", exact: true }).click();
    // Each problem stands at its field.
    await admin.getByText("Please enter a valid bet amount!").waitFor();
    await admin.getByLabel("Ticket price").fill("10");
    await admin.getByRole("button", { name: "Create", exact: true }).click();
    await admin.getByText("Please fill all the lottery fields!").first().waitFor();
    expect(await admin.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
    await admin.getByLabel("Title").fill("Timket Lottery");
    await admin.getByLabel("Win amount").fill("100");
    await admin.getByLabel("Out date").fill("2099-01-19T12:00");
    await admin.getByLabel("Prizes (comma separated)").fill("20, Phone");
    await admin.getByLabel("Banner image").setInputFiles({
      name: "banner.png",
      mimeType: "image/png",
      buffer: await pngImage("#d81b60"),
    });
    await shoot(admin, "create");
    await admin.getByRole("button", { name: "Create", exact: true }).click();
    const row = admin.locator("tr", { hasText: "Timket Lottery" });
    await row.waitFor();
    await shoot(admin, "games");

    const alice = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Girma");
    const a = await signedInPage(alice.token, 1280);
    const b = await signedInPage(bob.token, 360);
    await a.goto(`${server.url}/play/instant/lottery`);
    await a.getByRole("heading", { name: "Timket Lottery" }).waitFor();
    // The banner is a public image: it loads without a signed link.
    const banner = a.locator(".lottery-card", { hasText: "Timket Lottery" }).locator("img");
    await expect
      .poll(() =>
        banner.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    await a
      .locator(".lottery-card", { hasText: "Timket Lottery" })
      .getByRole("button", { name: "List of Prizes" })
      .click();
    await a.getByRole("heading", { name: "Prize List" }).waitFor();
    await shoot(a, "prizes");
    await a.getByRole("button", { name: "Close" }).click();
    await buy(a, "Timket Lottery");
    await a.locator(".balances").getByText("ETB 90.00").waitFor();
    await buy(a, "Timket Lottery");
    await a.locator(".balances").getByText("ETB 80.00").waitFor();
    await b.goto(`${server.url}/play/instant/lottery`);
    await buy(b, "Timket Lottery");
    await shoot(b, "bought");

    await row.getByRole("button", { name: "Start drawing" }).click();
    await admin
      .getByRole("dialog")
      .or(admin.getByRole("alertdialog"))
      .getByRole("button", { name: "Start drawing" })
      .click();
    await admin.locator("tr", { hasText: "Timket Lottery" }).getByText("drawn").waitFor();
    // Alice, still on the list, is told live (her money notice: two of three tickets win) and
    // taken to the result.
    await a
      .locator(".toast")
      .getByText(/^Timket Lottery: you won /)
      .waitFor();
    await a.waitForURL(/\/play\/instant\/lottery\/[A-Z0-9]{8}$/, { timeout: 15_000 });
    await admin
      .locator("tr", { hasText: "Timket Lottery" })
      .getByRole("button", { name: "Winners" })
      .click();
    await admin.getByText("to hand over").waitFor();
    await shoot(admin, "winners");

    const code = (
      await server.call("GET", "/api/games/all?page=1", { token: journey.root })
    ).body.games.find((g: { title: string | null }) => g.title === "Timket Lottery").code as string;
    // Revealed and paid (the toast follows the payment; the view, the registry's note of it).
    const view = await drawingOver(server, code);
    const won = (tickets: number[]) =>
      view.winners
        .filter((w: { winnerLotteryNumber: number; amount: number | null }) =>
          tickets.includes(w.winnerLotteryNumber),
        )
        .reduce((sum: number, w: { amount: number | null }) => sum + (w.amount ?? 0), 0);
    for (const [page, tickets] of [
      [a, [1, 2]],
      [b, [3]],
    ] as const) {
      await page.goto(`${server.url}/play/instant/lottery/${code}`);
      await page.getByRole("heading", { name: "My Tickets" }).waitFor();
      await page.getByRole("heading", { name: "Winner Tickets" }).waitFor();
      // Each ticket of the player's under My Tickets: a table row, or on the phone a card.
      for (const ticket of tickets)
        await page.locator(`.ticket-records [data-ticket="${ticket}"]:visible`).waitFor();
      await page.getByRole("link", { name: "Buy Another Lottery Tickets" }).waitFor();
      await shoot(page, "result");
    }
    // Three tickets, three places: 100 and 20 in money, the phone an award.
    expect(view.winners.map((w: { place: number }) => w.place)).toEqual([1, 2, 3]);
    expect(await balancesOf(server, alice.token)).toEqual({ main: 80 + won([1, 2]), bonus: 0 });
    expect(await balancesOf(server, bob.token)).toEqual({ main: 90 + won([3]), bonus: 0 });
    const report = await auditLedger(server.platform.store, server.platform.database.pool);
    expect(report.problems).toEqual([]);
    expect(report.house.prizesPaid).toBe(120_00);
    expect(report.house.balance).toBe(30_00 - 120_00);

    await b.goto(`${server.url}/dashboard/profile`);
    await b.getByRole("link", { name: "My Tickets" }).click();
    await b.getByRole("link", { name: "Timket Lottery" }).waitFor();
    await b.goto(`${server.url}/fair?lottery=${code}`);
    await b.locator(".lottery-fair").getByText("Verified: the seed matches its hash").waitFor();
    await shoot(b, "fair");
    for (const page of [admin, a, b]) await page.context().close();
  });

  it("at 360 px: the card leads with the prize and a live countdown; tickets and history are labelled cards", {
    timeout: 120_000,
  }, async () => {
    const { code, commitment } = await createLottery(server, {
      title: "Meskel Lottery",
      betAmount: 10,
      winAmount: 500,
      outDate: inMinutes(30),
      prizes: "100, Phone",
    });
    const player = await fundedPlayer(server, 100_00, 0, "Hanna Bekele");
    const other = await fundedPlayer(server, 100_00, 0, "Dawit Alemu");
    expect((await buyTicket(server, other.token, code)).status).toBe(201);
    expect((await buyTicket(server, player.token, code)).status).toBe(201);
    const page = await signedInPage(player.token, 360);

    // The lottery's card: the first prize before anything else, then the time left (live),
    // tickets sold and the price; the seed hash one tap away.
    await page.goto(`${server.url}/play/instant/lottery`);
    const card = page.locator(".lottery-card", { hasText: "Meskel Lottery" });
    const prize = card.locator(".lottery-first-prize");
    await prize.getByText("ETB 500.00").waitFor();
    const timer = card.getByRole("timer", { name: "Ends in" });
    const shown = (await timer.textContent())!;
    expect(shown).toMatch(/^(30:00|29:[0-5]\d)$/);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(shown);
    expect(await labelledValue(card, "Tickets sold")).toBe("2");
    expect(await labelledValue(card, "Ticket price")).toBe(etb(10));
    const hash = card.getByText(commitment);
    expect(await hash.isVisible()).toBe(false);
    expect((await prize.boundingBox())!.y).toBeLessThan((await timer.boundingBox())!.y);
    await card.getByText("Fairness proof").click();
    await hash.waitFor();
    await shoot(page, "card");

    // Drawn: two tickets, three places, so the player's ticket won one of them.
    const drawn = await server.call("POST", "/api/games/lottery/finish", {
      token: journey.root,
      body: { code },
    });
    expect(drawn.status).toBe(200);
    // The API tells the prizes once the room has revealed the drawing (a winner every 3 s).
    const ticketsNow = async () =>
      (await server.call("GET", `/api/game/lottery/tickets?code=${code}`, { token: player.token }))
        .body;
    await expect
      .poll(async () => (await ticketsNow())[0]?.prize ?? null, { timeout: 30_000 })
      .not.toBeNull();
    const [mine] = await ticketsNow();
    const won = mine.prize.amount === null ? mine.prize.label : etb(mine.prize.amount);

    // My Tickets: a card per ticket, the Won badge on its title's line, each value beside its label.
    await page.goto(`${server.url}/dashboard/lottery-tickets`);
    const ticket = page.locator(`li[data-ticket="${code}-${mine.myLotteryNumber}"]`);
    await ticket.getByRole("heading", { name: "Meskel Lottery" }).waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    await onOneLine(ticket.getByRole("heading"), ticket.getByText("Won", { exact: true }));
    expect(await labelledValue(ticket, "Prize")).toBe(won);
    expect(await labelledValue(ticket, "Ticket")).toBe(`#${mine.myLotteryNumber}`);
    expect(await labelledValue(ticket, "Ticket price")).toBe(etb(10));
    await beside(ticket, "Prize");
    await shoot(page, "my-tickets");

    // Game History: the lottery's card, its outcome on the title's line, stake and payout labelled.
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByRole("tab", { name: "Game History" }).click();
    const round = page.locator(`li[data-round="${code}"]`);
    await round.getByRole("heading", { name: "Lottery" }).waitFor();
    await onOneLine(round.getByRole("heading"), round.getByText("Won", { exact: true }));
    expect(await labelledValue(round, "Stake")).toBe(etb(10));
    expect(await labelledValue(round, "Choice")).toBe(`#${mine.myLotteryNumber}`);
    await beside(round, "Stake");
    await shoot(page, "game-history");
    await page.context().close();
  });

  it("sends a signed-out buyer to sign-in", async () => {
    await createLottery(server, { title: "Visitor Lottery" });
    const page = await browser.newPage();
    await page.goto(`${server.url}/play/instant/lottery`);
    await clickWhenHydrated(page.getByRole("button", { name: "Buy Ticket" }).first());
    await page.waitForURL("**/auth/login?next=%2Fplay%2Finstant%2Flottery");
    // Once signed in, back to the lotteries to buy the ticket.
    const buyer = await signUpPlayer(server, "Hana Tesfaye");
    await signInOnThisPage(page, buyer.phone, buyer.password, `${server.url}/play/instant/lottery`);
    await page.getByRole("button", { name: "Buy Ticket" }).first().waitFor();
    await page.close();
  });

  it("a purchase whose answer is lost on the way is sent again with its key: one ticket, one charge", {
    timeout: 120_000,
  }, async () => {
    const { code } = await createLottery(server, { title: "Lost Answer Lottery", betAmount: 10 });
    const player = await fundedPlayer(server, 100_00, 0, "Selam Tesfaye");
    const page = await signedInPage(player.token, 360);
    // The server carries the first purchase out, then the connection drops before its answer.
    const sent: { key: string | null; replayed: string | null }[] = [];
    await page.route("**/api/game/lottery/buy/ticket", async (route) => {
      const key = route.request().headers()["idempotency-key"] ?? null;
      const response = await route.fetch();
      sent.push({ key, replayed: response.headers()["idempotent-replayed"] ?? null });
      if (sent.length === 1) return route.abort("connectionreset");
      return route.fulfill({ response });
    });
    await page.goto(`${server.url}/play/instant/lottery`);
    const card = page.locator(".lottery-card", { hasText: "Lost Answer Lottery" });
    await clickWhenHydrated(card.getByRole("button", { name: "Buy Ticket" }));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Ticket purchased successfully!").waitFor();
    // The browser reports the dropped connection; the player sees only the purchase.
    expect(expectPageProblems(/ERR_CONNECTION_RESET/).length).toBeGreaterThan(0);

    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]).toEqual({ key: sent[0]!.key, replayed: "true" });
    const tickets = await server.call("GET", `/api/game/lottery/tickets?code=${code}`, {
      token: player.token,
    });
    expect(tickets.body).toHaveLength(1);
    expect(await balancesOf(server, player.token)).toEqual({ main: 90, bonus: 0 });
    await page.context().close();
  });
});

const etb = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "ETB" }).format(amount);

/** The value a card shows beside (or under) `label`: its definition list's term. */
const labelledValue = (card: Locator, label: string) =>
  card
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();

/** Two things on one line of the screen: their boxes share a row. */
async function onOneLine(a: Locator, b: Locator) {
  const [first, second] = [(await a.boundingBox())!, (await b.boundingBox())!];
  expect(first.y).toBeLessThan(second.y + second.height);
  expect(second.y).toBeLessThan(first.y + first.height);
}

/** A label with its value on its right, on the same line, both inside the card. */
async function beside(card: Locator, label: string) {
  const term = card.locator("dt", { hasText: new RegExp(`^${label}$`) });
  const value = term.locator("xpath=following-sibling::dd[1]");
  await onOneLine(term, value);
  const [box, termBox, valueBox] = [
    (await card.boundingBox())!,
    (await term.boundingBox())!,
    (await value.boundingBox())!,
  ];
  expect(termBox.x + termBox.width).toBeLessThanOrEqual(valueBox.x);
  expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(box.x + box.width);
}
