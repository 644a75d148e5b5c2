import { hasChromium, signInContext, startBrowserJourney } from "@igp/test-support/browser.ts";
import { balancesOf, coinFlipTable, fundedPlayer } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * How the player site feels in Chromium: a win shows in the balances only once the coin has
 * landed, a join asks before it takes the stake, dialogs and the phone menu keep focus and close
 * with Escape, the signed-in phone header fits one row, and a player's journey logs no error.
 */
describe.skipIf(!hasChromium)("game feel in Chromium (skipped: no /usr/bin/chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  beforeAll(async () => {
    journey = await startBrowserJourney("feel-", { GAME_START_NOTICE_MS: "1000" });
    ({ server, browser, shoot } = journey);
  });
  afterAll(() => journey?.stop());

  const PHONE: BrowserContextOptions = {
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  };
  const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

  /** A page signed in with the token (as /process/{token} leaves it), every error it logs kept. */
  async function signedInPage(token: string | null, options: BrowserContextOptions) {
    const context = await browser.newContext(options);
    if (token) await signInContext(context, token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    return { page, errors };
  }

  /** Intl puts a no-break space between the currency and the amount. */
  const plain = (text: string | null) => String(text).replace(/\s/g, " ");

  /** Alice opens a coin flip on a fresh table with `side`; returns the round's code. */
  async function openRound(page: Page, side: "Heads (H)" | "Tails (T)", bet = 20) {
    const table = await coinFlipTable(server, bet);
    await page.goto(`${server.url}/play/instant/coin-flip`);
    await page.locator(`[data-table="${table}"]`).getByRole("link", { name: "Play" }).click();
    await page.getByRole("button", { name: side }).click();
    await page.getByRole("button", { name: "Lock Selection" }).click();
    await page.getByText("Waiting for a second player").waitFor();
    return (await page.getByTestId("game-code").textContent())!;
  }

  /** The round's outcome from the API, once the server has drawn it (the coin may still turn). */
  async function drawnOutcome(code: string, token: string) {
    for (;;) {
      const round = await server.call("GET", `/api/game/coin-flip/get/${code}`, { token });
      if (round.body.status === "finished") return round.body.fairness.outcome as "H" | "T";
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("shows a win in the header and the overlay only once the coin has landed", {
    timeout: 120_000,
  }, async () => {
    const alice = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Girma");
    const a = (await signedInPage(alice.token, DESKTOP)).page;
    const b = (await signedInPage(bob.token, PHONE)).page;
    const code = await openRound(a, "Tails (T)");
    await b.goto(`${server.url}/play/instant/coin-flip/${code}`);
    await b.getByRole("button", { name: "Join", exact: true }).click();

    const winner = (await drawnOutcome(code, alice.token)) === "T" ? a : b;
    // The payout is in the wallet and pushed to the winner's page, which holds it back.
    expect((await balancesOf(server, winner === a ? alice.token : bob.token)).main).toBe(116);
    await winner.locator('.balances[aria-busy="true"]').waitFor({ timeout: 15_000 });
    // The balances are held from the start notice on; the coin comes with the result message,
    // which a busy page may not have read yet.
    await winner.locator('[data-testid="coin-canvas"]').waitFor({ timeout: 15_000 });
    const whileTurning = await winner.evaluate(`(() => ({
      landed: document.querySelector('[data-testid="coin-canvas"]').getAttribute("data-landed"),
      header: document.querySelector('[data-testid="header-main-balance"]').textContent,
      overlay: document.querySelector('.result-overlay [data-testid="figure-withdrawable"]').textContent,
    }))()`);
    const during = whileTurning as { landed: string | null; header: string; overlay: string };
    expect([during.landed, plain(during.header), plain(during.overlay)]).toEqual([
      null,
      "ETB 80.00",
      "ETB 80.00",
    ]);
    await shoot(winner, "win-held");

    await winner.locator('[data-testid="coin-canvas"][data-landed="true"]').waitFor({
      timeout: 30_000,
    });
    await winner.getByRole("alertdialog", { name: "You won!" }).waitFor();
    // Released, the win counts up to the new balance (busy for screen readers until it is there).
    const header = winner.getByTestId("header-main-balance");
    const overlay = winner.locator(".result-overlay").getByTestId("figure-withdrawable");
    const counted: string[] = [];
    await expect
      .poll(async () => {
        counted.push(plain(await header.textContent()));
        return counted.at(-1);
      })
      .toBe("ETB 116.00");
    expect(counted.every((amount) => /^ETB (80|8\d|9\d|10\d|11[0-6])\.\d\d$/.test(amount))).toBe(
      true,
    );
    await expect.poll(async () => plain(await overlay.textContent())).toBe("ETB 116.00");
    await expect.poll(() => winner.locator(".balances").getAttribute("aria-busy")).toBe("false");
    await shoot(winner, "win-landed");

    // Once landed the overlay closes with Escape (after the notice): the round says who won.
    await winner.keyboard.press("Escape");
    await winner.keyboard.press("Escape");
    await winner.locator(".result-overlay").waitFor({ state: "detached" });
    await winner.locator(".round-outcome").getByText("You won!").waitFor();
    await a.context().close();
    await b.context().close();
  });

  /**
   * Watches the header's main balance on every change (not by sampling): a rise while no coin or
   * wheel on the page has landed is a payout shown early, kept in `window.earlyRises`.
   */
  const WATCH_THE_HEADER = `{
    window.earlyRises = [];
    let last = null;
    const amount = (text) => Number(text.replace(/[^0-9.]/g, ""));
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="header-main-balance"]')?.textContent;
      if (!text || text === last) return;
      const picture = document.querySelector('[data-testid="coin-canvas"], [data-testid="wheel-canvas"]');
      if (last !== null && amount(text) > amount(last) && picture?.dataset.landed !== "true")
        window.earlyRises.push({ from: last, to: text, picture: picture ? "turning" : "none yet" });
      last = text;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }`;

  it("never shows a payout in the header before the coin lands, round after round", {
    timeout: 240_000,
  }, async () => {
    const alice = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Girma");
    const motion = { ...DESKTOP, reducedMotion: "reduce" } as const;
    const a = (await signedInPage(alice.token, motion)).page;
    const b = (await signedInPage(bob.token, motion)).page;
    for (const page of [a, b]) await page.context().addInitScript({ content: WATCH_THE_HEADER });
    const wins = { alice: 0, bob: 0 };
    for (let round = 0; round < 6; round++) {
      const created = await server.call("POST", "/api/game/private/create", {
        token: alice.token,
        body: { gameType: "coin-flip", access: "private", betAmount: 5, selectedSide: "H" },
      });
      const code = created.body.gameCode;
      await a.goto(`${server.url}/play/instant/coin-flip/${code}`);
      await a.getByText("Waiting for a second player").waitFor();
      await b.goto(`${server.url}/play/instant/coin-flip/${code}`);
      await b.getByRole("button", { name: "Join", exact: true }).click();
      for (const page of [a, b])
        await page.getByRole("alertdialog", { name: /You won!|You lost/ }).waitFor();
      const aliceWon = (await a.getByRole("alertdialog", { name: "You won!" }).count()) > 0;
      wins[aliceWon ? "alice" : "bob"]++;
      for (const page of [a, b]) expect(await page.evaluate("window.earlyRises")).toEqual([]);
      // The winner's header did rise, once landed: the watch sees the header.
      const winner = aliceWon ? a : b;
      const header = winner.getByTestId("header-main-balance");
      await expect
        .poll(async () => plain(await header.textContent()))
        .toBe(`ETB ${(100 - 5 * (round + 1) + 9 * (aliceWon ? wins.alice : wins.bob)).toFixed(2)}`);
    }
    await a.context().close();
    await b.context().close();
  });

  it("asks before a join takes the stake, naming it and the side; Cancel takes nothing", async () => {
    const alice = await fundedPlayer(server, 50_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 50_00, 0, "Bob Girma");
    const a = (await signedInPage(alice.token, DESKTOP)).page;
    const b = (await signedInPage(bob.token, PHONE)).page;
    const code = await openRound(a, "Heads (H)", 12.5);

    await b.goto(`${server.url}/play/instant/coin-flip/${code}`);
    const question = b.getByRole("alertdialog", { name: "Join this game?" });
    await question.getByText("Join for ETB 12.50: you will be Tails (T)").waitFor();
    await shoot(b, "join-question");
    await question.getByRole("button", { name: "Cancel" }).click();
    await b.waitForURL("**/play/instant/coin-flip/lobby");
    expect((await balancesOf(server, bob.token)).main).toBe(50);
    const round = await server.call("GET", `/api/game/coin-flip/get/${code}`, {
      token: bob.token,
    });
    expect(round.body.playerWithChoice).toHaveLength(1);
    await a.context().close();
    await b.context().close();
  });

  it("closes a dialog with Escape, keeping focus inside until then and giving it back", async () => {
    const player = await fundedPlayer(server, 10_00);
    const { page } = await signedInPage(player.token, DESKTOP);
    await page.goto(`${server.url}/instant`);
    const deposit = page.locator(".site-header").getByRole("button", { name: "Deposit" });
    await deposit.click();
    const dialog = page.getByRole("dialog", { name: "Deposit" });
    await dialog.waitFor();
    const focusInDialog = () =>
      page.evaluate(`document.querySelector('[role="dialog"]').contains(document.activeElement)`);
    expect(await focusInDialog()).toBe(true);
    // Tabbing past the last control comes round to the first: focus never leaves the dialog.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Radix gives focus back just after the dialog has gone.
    await expect.poll(() => page.evaluate(`document.activeElement.textContent`)).toBe("Deposit");
    await page.context().close();
  });

  it("opens the phone menu over a backdrop; Escape closes it and focus goes back", async () => {
    const player = await fundedPlayer(server, 10_00);
    const { page } = await signedInPage(player.token, PHONE);
    await page.goto(`${server.url}/`);
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Profile" }).waitFor();
    expect(await page.locator(".menu-backdrop").isVisible()).toBe(true);
    await shoot(page, "menu");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(`document.activeElement.ariaLabel`)).toBe("Menu");
    // A press on the backdrop (left of the panel) closes it too.
    await toggle.click();
    await menu.waitFor();
    // Radix listens for presses outside a dialog from a timer set as it opens (so that the
    // opening press does not close it): a timer set now runs after that one.
    await page.evaluate("new Promise((resolve) => setTimeout(resolve, 0))");
    await page.mouse.click(20, 400);
    await menu.waitFor({ state: "detached" });
    // A dialog opened from the menu (which closes) gives focus back to the menu button.
    await toggle.click();
    await menu.getByRole("button", { name: "Logout" }).click();
    const question = page.getByRole("alertdialog");
    await question.waitFor();
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(`document.activeElement.ariaLabel`)).toBe("Menu");
    await page.context().close();
  });

  it("fits the signed-in phone header on one row: labelled balances, Deposit, the menu", async () => {
    const player = await fundedPlayer(server, 12_345_67, 1_234_50);
    const { page } = await signedInPage(player.token, PHONE);
    for (const language of ["English", "Amharic"]) {
      if (language === "Amharic") {
        await page.getByRole("button", { name: "Menu" }).click();
        await page.getByRole("button", { name: "አማርኛ" }).click();
        await page.keyboard.press("Escape");
        await page.getByText("ቦነስ").waitFor();
      } else {
        await page.goto(`${server.url}/`);
        await page.getByText("ETB 12,345.67").waitFor();
        await page.getByText("Bonus").waitFor();
      }
      const header = page.locator(".site-header");
      const parts = [
        header.locator(".brand .brand-mark"),
        header.locator(".balances"),
        header.locator(".balances dt").first(),
        header.getByRole("button", { name: /Deposit|ገቢ/ }),
        header.locator(".menu-toggle"),
      ];
      const boxes = (await Promise.all(parts.map((part) => part.boundingBox()))).map((box) => box!);
      const headerBox = (await header.boundingBox())!;
      for (const box of boxes) {
        // Inside the header's one row and inside the screen.
        expect(box.y).toBeGreaterThanOrEqual(headerBox.y);
        expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
      // Side by side, none over another: brand, balances, Deposit, menu.
      const [brand, balances, , depositButton, menu] = boxes;
      for (const [left, right] of [
        [brand, balances],
        [balances, depositButton],
        [depositButton, menu],
      ])
        expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x);
      expect(headerBox.height).toBeLessThan(64);
      await shoot(page, `header-${language}`);
    }
    await page.context().close();
  });

  it("logs no error through a player's journey", { timeout: 120_000 }, async () => {
    const alice = await fundedPlayer(server, 100_00, 0, "Alice Tadesse");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Girma");
    const visitor = await signedInPage(null, PHONE);
    const a = await signedInPage(alice.token, PHONE);
    const b = await signedInPage(bob.token, DESKTOP);
    expect((await server.call("GET", "/favicon.ico")).status).toBe(200);

    await visitor.page.goto(`${server.url}/`);
    await visitor.page.getByRole("link", { name: "Play Coin Flip" }).waitFor();
    await visitor.page.goto(`${server.url}/demo/game/flip-coin`);
    await visitor.page.getByRole("button", { name: "Lock Selection" }).waitFor();
    // The server sends a visitor from a lobby to sign in (no session: client-pages.ts).
    await visitor.page.goto(`${server.url}/play/instant/coin-flip/lobby`);
    await visitor.page.waitForURL("**/auth/login?next=%2Fplay%2Finstant%2Fcoin-flip%2Flobby");
    await visitor.page.getByLabel("Phone or email").waitFor();
    // Back with a token an earlier version kept in local storage: signed out, without asking
    // the server (a 401 is logged), and the token forgotten.
    const payload = Buffer.from(JSON.stringify({ sub: "gone", exp: 1 })).toString("base64url");
    await visitor.page.evaluate(`localStorage.setItem("token", "e30.${payload}.signature")`);
    await visitor.page.goto(`${server.url}/`);
    await visitor.page.getByRole("link", { name: "Sign in" }).waitFor();
    expect(await visitor.page.evaluate(`localStorage.getItem("token")`)).toBeNull();

    await a.page.goto(`${server.url}/`);
    await a.page.getByRole("button", { name: "Menu" }).click();
    await a.page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("link", { name: "Play Instant Games" })
      .click();
    await a.page.getByRole("link", { name: "Play Coin Flip" }).click();
    await a.page.getByRole("link", { name: "Create Private Game" }).click();
    await a.page.getByLabel("Bet Amount").fill("10");
    await a.page.getByRole("button", { name: "Heads (H)" }).click();
    await a.page.getByRole("button", { name: "Create Game" }).click();
    const code = (await a.page.getByTestId("game-code").textContent())!;

    await b.page.goto(`${server.url}/play/instant/coin-flip/lobby`);
    // A mistyped code is told apart without a request the server would refuse.
    await b.page.getByLabel("Private game code").fill("nope");
    await b.page.getByRole("button", { name: "Join Game" }).click();
    await b.page.getByText("Could not find the game.").waitFor();
    await b.page.getByRole("link", { name: "Back to the Coin Flip lobby" }).click();
    await b.page.getByLabel("Private game code").fill(code);
    await b.page.getByRole("button", { name: "Join Game" }).click();
    await b.page.getByRole("button", { name: "Join", exact: true }).click();
    for (const { page } of [a, b])
      await page.locator('[data-testid="coin-canvas"][data-landed="true"]').waitFor({
        timeout: 30_000,
      });
    await b.page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    await b.page.getByRole("link", { name: "Play Again" }).click();
    await b.page.getByRole("heading", { name: "Public games" }).waitFor();

    // The finished round's page, then the profile, its transactions and the deposit dialog.
    await a.page.goto(`${server.url}/play/instant/coin-flip/${code}`);
    await a.page.locator(".round-outcome").waitFor();
    await a.page.goto(`${server.url}/dashboard/profile`);
    await a.page.getByRole("tab", { name: "Transactions" }).click();
    await a.page.getByRole("button", { name: "Proceed to Deposit" }).click();
    await a.page
      .getByRole("dialog", { name: "Deposit" })
      .getByRole("button", { name: "Cancel" })
      .click();
    await a.page.getByRole("button", { name: "Logout" }).first().click();
    await a.page.getByRole("button", { name: "Yes" }).click();
    await a.page.waitForURL(`${server.url}/`);
    await a.page.getByRole("link", { name: "Play Coin Flip" }).waitFor();

    expect([...visitor.errors, ...a.errors, ...b.errors]).toEqual([]);
    for (const { page } of [visitor, a, b]) await page.context().close();
  });
});
