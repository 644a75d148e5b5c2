import { auditLedger } from "@igp/projections";
import { eventually } from "@igp/test-support/agents.ts";
import { hasChromium, signInOnThisPage, startBrowserJourney } from "@igp/test-support/browser.ts";
import {
  changingPairs,
  coinFaceShown,
  frameOf,
  recordScreen,
} from "@igp/test-support/canvas-pixels.ts";
import { balancesOf, coinFlipTable, fundedPlayer } from "@igp/test-support/games.ts";
import { signUpPlayer, type TestServer } from "@igp/test-support/http.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Two players in two browser contexts play a public coin flip from a table and the lobby, then
 * a private one joined by code. The coin spins to the server's outcome; afterwards the winner's,
 * the loser's and the house's money is exactly what the rules say (pot minus 10% to the winner).
 */
describe.skipIf(!hasChromium)("coin flip in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    journey = await startBrowserJourney("coin-flip-", { GAME_START_NOTICE_MS: "1000" });
    ({ server, browser, shoot } = journey);
  });
  afterAll(() => journey?.stop());
  // Every screen works under the site's Content-Security-Policy: not one violation.

  const signedInPage = (token: string, width: number, reducedMotion = false) =>
    journey.signedInPage(token, {
      viewport: { width, height: 800 },
      reducedMotion: reducedMotion ? "reduce" : "no-preference",
    });

  /** Waits for the coin to land in the overlay; returns which face it shows. */
  async function landedFace(page: Page) {
    const coin = page.getByTestId("coin-canvas");
    await coin.waitFor({ timeout: 20_000 });
    await page
      .locator('[data-testid="coin-canvas"][data-landed="true"]')
      .waitFor({ timeout: 25_000 });
    return (await coin.getAttribute("data-face")) as "H" | "T";
  }

  /** Once the win or loss notice is closed: the coin's face on the screen, from its pixels. */
  async function faceOnScreen(page: Page) {
    const notice = page.getByRole("alertdialog", { name: /You won!|You lost/ });
    await notice.getByRole("button", { name: "OK" }).click();
    await notice.waitFor({ state: "detached" });
    return coinFaceShown(await frameOf(page.getByTestId("coin-canvas")));
  }

  it("plays a public round from a table and the lobby; money moves by the rules", {
    timeout: 120_000,
  }, async () => {
    const table = await coinFlipTable(server, 20);
    const alice = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Girma");
    const a = await signedInPage(alice.token, 1280);
    const b = await signedInPage(bob.token, 360);

    await a.goto(`${server.url}/play/instant/coin-flip`);
    await a.getByText("Select a Bet Amount to Proceed").waitFor();
    await shoot(a, "tables");
    await a.locator(`[data-table="${table}"]`).getByRole("link", { name: "Play" }).click();
    await a.getByRole("button", { name: "Lock Selection" }).click();
    await a.getByText("Please select your lucky side and lock the selection").waitFor();
    await a.getByRole("button", { name: "OK" }).click();
    await a.getByRole("button", { name: "Tails (T)" }).click();
    await a.getByRole("button", { name: "Lock Selection" }).click();
    await a.getByText("Waiting for a second player").waitFor();
    const code = await a.getByTestId("game-code").textContent();
    await shoot(a, "creator-waiting");

    await b.goto(`${server.url}/play/instant/coin-flip/lobby`);
    const listed = b.locator(`[data-code="${code}"]`);
    await listed.waitFor();
    // Alice holds Tails: the lobby tells Bob the side he would play.
    await listed.getByText("You play Heads (H)").waitFor();
    await shoot(b, "lobby");
    await listed.getByRole("link", { name: "Play" }).click();
    // Nothing is taken before Bob agrees to the stake and the side.
    await b.getByText("Join for ETB 20.00: you will be Heads (H)").first().waitFor();
    await shoot(b, "join-confirmation");
    const screenB = await recordScreen(b);
    await b.getByRole("button", { name: "Join", exact: true }).click();
    // The coin turns on the screen: what the screen shows of it changes again and again.
    const turning = await screenB.framesWhileMoving(b.getByTestId("coin-canvas"), 2_000);
    expect(changingPairs(turning), turning.story).toBeGreaterThanOrEqual(3);

    const [faceA, faceB] = await Promise.all([landedFace(a), landedFace(b)]);
    expect(faceA).toBe(faceB);
    await shoot(a, "result");
    const aliceWon = faceA === "T";
    await (aliceWon ? a : b).getByRole("alertdialog", { name: "You won!" }).waitFor();
    await (aliceWon ? b : a).getByRole("alertdialog", { name: "You lost" }).waitFor();
    await shoot(b, "result");
    // Both screens' coins show the announced face, read from their pixels.
    for (const page of [a, b]) expect(await faceOnScreen(page)).toBe(faceA);

    expect((await balancesOf(server, alice.token)).main).toBe(aliceWon ? 116 : 80);
    expect((await balancesOf(server, bob.token)).main).toBe(aliceWon ? 80 : 116);
    await a.context().close();
    await b.context().close();
  });

  it("plays a private round joined by code", { timeout: 90_000 }, async () => {
    const alice = await fundedPlayer(server, 50_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 50_00, 0, "Bob Girma");
    const a = await signedInPage(alice.token, 1280, true);
    const b = await signedInPage(bob.token, 1280, true);
    await a.goto(`${server.url}/play/instant/coin-flip/lobby`);
    await a.getByRole("link", { name: "Create Private Game" }).click();
    await a.getByRole("button", { name: "Create Game" }).click();
    await a.getByText("Please enter a valid bet amount.").waitFor();
    await a.getByLabel("Bet Amount").fill("12.50");
    await a.getByRole("button", { name: "Heads (H)" }).click();
    await a.getByRole("button", { name: "Create Game" }).click();
    const code = (await a.getByTestId("game-code").textContent())!;
    await shoot(a, "private-created");

    await b.goto(`${server.url}/play/instant/coin-flip/lobby`);
    await b.getByText("No public games available right now.").waitFor();
    // An empty lobby calls the player to start a round others can join.
    expect(await b.getByRole("link", { name: "Create a game" }).getAttribute("href")).toBe(
      "/play/instant/coin-flip",
    );
    await b.getByRole("button", { name: "Join Game" }).click();
    await b.getByText("Please enter a game code.").waitFor();
    await b.getByLabel("Private game code").fill(code.toLowerCase());
    await b.getByRole("button", { name: "Join Game" }).click();
    await b.getByRole("button", { name: "Join", exact: true }).click();
    const face = await landedFace(b);
    await b.getByRole("alertdialog", { name: /You won!|You lost/ }).waitFor();
    expect(await faceOnScreen(b)).toBe(face);
    const aliceWon = face === "H";
    // 25 in the pot, 2.50 to the house, 22.50 to the winner.
    expect((await balancesOf(server, alice.token)).main).toBe(aliceWon ? 60 : 37.5);
    expect((await balancesOf(server, bob.token)).main).toBe(aliceWon ? 37.5 : 60);

    await b.goto(`${server.url}/fair?code=${code}`);
    await b.getByText("Verified: the seed matches its hash").waitFor();
    await shoot(b, "fair");

    // Bob's profile lists the round under Game History: its exact stake, outcome and payout,
    // and a Verify link that checks it on /fair.
    await eventually(
      () => server.call("GET", "/api/game/history", { token: bob.token }),
      (r) => Boolean(r.body.history?.[0]?.settledAt),
    );
    await b.goto(`${server.url}/dashboard/profile`);
    await b.getByRole("tab", { name: "Game History" }).click();
    const row = b.locator(`tr[data-round="${code}"]`);
    await row.waitFor();
    const etb = (amount: number) =>
      new Intl.NumberFormat("en-US", { style: "currency", currency: "ETB" }).format(amount);
    // The game is the row's header (th): what the row is about.
    expect((await row.locator("td, th").allTextContents()).slice(1)).toEqual([
      "Coin Flip",
      "Tails",
      etb(12.5),
      aliceWon ? "Lost" : "Won",
      etb(aliceWon ? 0 : 22.5),
      "Verify",
    ]);
    await shoot(b, "game-history");
    await row.getByRole("link", { name: "Verify" }).click();
    await b.waitForURL(`${server.url}/fair?code=${code}`);
    await b.getByText("Verified: the seed matches its hash").waitFor();

    const report = await auditLedger(server.platform.store, server.platform.database.pool);
    expect(report.house.roundCuts).toBe(4_00 + 2_50);
    expect(report.problems).toEqual([]);
  });

  it("sends a visitor from every play screen to sign-in", async () => {
    const page = await browser.newPage();
    for (const path of [
      "/play/instant/coin-flip/lobby",
      "/play/instant/coin-flip/ABCDEFGH",
      "/create/private/coin-flip",
      "/play/instant/spin-wheel",
    ]) {
      await page.goto(`${server.url}${path}`);
      // (Not waitForFunction with a string: that evaluates it, which the CSP forbids.)
      // A game's page is named, to land there once signed in.
      const next = path.startsWith("/play/") ? `?next=${encodeURIComponent(path)}` : "";
      await page.waitForURL(`${server.url}/auth/login${next}`);
    }
    await page.close();
  });

  it("brings a visitor who opened a shared private game back to it once signed in", async () => {
    const alice = await fundedPlayer(server, 20_00, 0, "Alice Tadesse");
    const bob = await signUpPlayer(server, "Bob Girma");
    const created = await server.call("POST", "/api/game/private/create", {
      token: alice.token,
      body: { gameType: "coin-flip", access: "private", betAmount: 5, selectedSide: "H" },
    });
    expect(created.status).toBe(201);
    const link = `/play/instant/coin-flip/${created.body.gameCode}`;
    const page = await browser.newPage();
    await page.goto(`${server.url}${link}`);
    await page.waitForURL(`${server.url}/auth/login?next=${encodeURIComponent(link)}`);
    // Through registration's link and back: the game is still remembered for this tab.
    await page.getByRole("link", { name: "Don't you have an account?" }).click();
    await page.waitForURL("**/auth/register");
    await page.goBack();
    await signInOnThisPage(page, bob.phone, bob.password, `${server.url}${link}`, "leaves");
    // Alice's game asks at once, as it does anyone who opens its link (her bet, the other side).
    const join = page.getByRole("alertdialog", { name: "Join this game?" });
    await join.getByText("Join for ETB 5.00: you will be Tails (T)").waitFor();
    await join.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL("**/play/instant/coin-flip/lobby");
    // Taken once: the next sign-in in this tab lands on the profile, as the spec says.
    await page.context().clearCookies();
    await page.goto(`${server.url}/auth/login`);
    await signInOnThisPage(page, bob.phone, bob.password, "**/dashboard/profile");
    await page.close();
  });
});
