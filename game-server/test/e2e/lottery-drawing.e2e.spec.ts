import { Client } from "@colyseus/sdk";
import { hasChromium, signInContext, startBrowserJourney } from "@igp/test-support/browser.ts";
import {
  changingPairs,
  type Frame,
  frameOf,
  framesWhileMoving,
  lotteryMineRingShown,
  lotteryPlaceShown,
} from "@igp/test-support/canvas-pixels.ts";
import { fundedPlayer } from "@igp/test-support/games.ts";
import type { TestServer } from "@igp/test-support/http.ts";
import { buyTicket, createLottery } from "@igp/test-support/lottery.ts";
import { expectPageProblems } from "@igp/test-support/page-problems.ts";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The lottery drawing as people see it, read from the screen's pixels under the site's real
 * headers: the demo's draw, a drawn lottery replayed for a visitor and for a holder (their own
 * ball ringed green), reduced motion (shorter, never skipped), and no renderer at all (the
 * winners in words). Every ball that lands shows its place's colour on the landing spot, and the
 * view's attributes name the ticket it shows.
 */
describe.skipIf(!hasChromium)("the lottery drawing in Chromium (skipped: no Chromium)", () => {
  let journey: Awaited<ReturnType<typeof startBrowserJourney>>;
  let server: TestServer;
  let browser: Browser;
  let shoot: (page: Page, name: string) => Promise<Buffer>;
  /** A lottery drawn as the tests start, replayed by the last one once its room is gone. */
  let drawnEarlier: Awaited<ReturnType<typeof drawLottery>>;
  beforeAll(async () => {
    // A winner revealed every 5 s (3 s by default): each rests on the spot for about 2.4 s
    // after its 2.6 s reveal, long enough for a busy machine's screenshot to catch its place.
    journey = await startBrowserJourney("lottery-drawing-", { LOTTERY_REVEAL_EVERY_MS: "5000" });
    ({ server, browser, shoot } = journey);
    drawnEarlier = await drawLottery();
  }, 120_000);

  /** Replay Lottery: Alice holds tickets 1 and 2, Bob 3; the admin draws it at once. */
  async function drawLottery() {
    const lottery = await createLottery(server, {
      title: "Replay Lottery",
      winAmount: 300,
      prizes: "100, Phone",
    });
    const alice = await fundedPlayer(server, 100_00, 0, "Alice Replay");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Replay");
    for (const token of [alice.token, alice.token, bob.token])
      expect((await buyTicket(server, token, lottery.code)).status).toBe(201);
    const finished = await server.call("POST", "/api/games/lottery/finish", {
      token: lottery.adminToken,
      body: { code: lottery.code },
    });
    expect(finished.status).toBe(200);
    return { lottery, alice, bob };
  }
  afterAll(() => journey?.stop());

  const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true };

  async function openPage(
    path: string,
    options: BrowserContextOptions = PHONE,
    setup: { token?: string; renderers?: "all" | "none"; script?: string } = {},
  ) {
    const context = await browser.newContext(options);
    if (setup.script) await context.addInitScript({ content: setup.script });
    if (setup.token) await signInContext(context, setup.token);
    if (setup.renderers === "none") await context.addInitScript({ content: WITHOUT_CANVAS });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  /** Buys a demo ticket of the Grand Draw and watches its draw; returns my ticket. */
  async function demoDraw(page: Page) {
    const grand = page.locator('[data-lottery="grand"]');
    await grand.getByRole("button", { name: "Buy Ticket" }).click();
    await page
      .getByRole("dialog", { name: "Confirm Purchase" })
      .getByRole("button", {
        name: "Confirm",
      })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    const mine = Number((await grand.getByTestId("tickets").textContent())!.replace(/\D/g, ""));
    await grand.getByRole("button", { name: "Watch the draw" }).click();
    return mine;
  }

  /** Closes the demo's win or loss notice; true for a win. */
  async function verdict(page: Page) {
    const notice = page.getByRole("alertdialog", { name: /You won!|You lost/ });
    await notice.waitFor({ timeout: 30_000 });
    const won = (await notice.getByRole("heading").textContent()) === "You won!";
    await notice.getByRole("button", { name: "OK" }).click();
    return won;
  }

  /** What the landed drawing shows: its attributes, and its place and ring read off the pixels. */
  async function landedView(drawing: Locator) {
    await drawing.and(drawing.page().locator("[data-landed]")).waitFor({ timeout: 60_000 });
    const frame = await frameOf(drawing);
    return {
      ticket: Number(await drawing.getAttribute("data-ticket")),
      place: Number(await drawing.getAttribute("data-place")),
      mine: (await drawing.getAttribute("data-mine")) === "true",
      placeShown: lotteryPlaceShown(frame),
      ringShown: lotteryMineRingShown(frame),
    };
  }

  it("draws the demo's winning ticket out of the drum onto the spot, as announced", {
    timeout: 90_000,
  }, async () => {
    const page = await openPage("/demo/game/lottery");
    const mine = await demoDraw(page);
    const drawing = page.getByTestId("lottery-drawing");
    expect(changingPairs(await framesWhileMoving(drawing))).toBeGreaterThanOrEqual(3);
    const won = await verdict(page);
    const shown = await landedView(drawing);
    expect(await drawing.getAttribute("data-renderer")).toBe("canvas");
    expect(shown.ticket).toBe(Number(await page.getByTestId("winner-ticket").textContent()));
    expect(shown).toMatchObject({ place: 1, placeShown: 1, mine: won, ringShown: won });
    expect(won).toBe(shown.ticket === mine);
    await shoot(page, "demo");
    await page.context().close();
  });

  it("lets anyone watch a lottery live: tickets sold, the 5-second notice, each winner revealed", {
    timeout: 150_000,
  }, async () => {
    const lottery = await createLottery(server, {
      title: "Live Lottery",
      winAmount: 300,
      prizes: "100, Phone",
    });
    const alice = await fundedPlayer(server, 100_00, 0, "Alice Live");
    const bob = await fundedPlayer(server, 100_00, 0, "Bob Live");
    for (const token of [alice.token, alice.token, bob.token])
      expect((await buyTicket(server, token, lottery.code)).status).toBe(201);

    const path = `/play/instant/lottery/${lottery.code}`;
    const visitor = await openPage(path, PHONE, { script: NOTICES });
    const holder = await openPage(path, PHONE, { token: alice.token, script: NOTICES });
    const sold = visitor.getByTestId("tickets-sold");
    await expect.poll(() => sold.textContent()).toBe("3");
    expect((await buyTicket(server, bob.token, lottery.code)).status).toBe(201);
    // The room tells every watcher; no page reloads.
    await expect.poll(() => sold.textContent()).toBe("4");
    await shoot(visitor, "live-on-sale");

    const finishing = server.call("POST", "/api/games/lottery/finish", {
      token: lottery.adminToken,
      body: { code: lottery.code },
    });
    // Both watchers get the notice (it closes by itself as the drawing starts), the countdown.
    for (const page of [visitor, holder])
      await expect
        .poll(() => page.evaluate("window.__notices.join(' | ')"), { timeout: 20_000 })
        .toContain("Get ready The drawing starts in 5 seconds.");
    await visitor.getByRole("timer", { name: "Drawing in", includeHidden: true }).waitFor();

    // The winners come out one by one, last place first, each landing in its colour.
    const drawing = visitor.getByTestId("lottery-drawing");
    // Someone who opens the page now, in the countdown, ends with the same drawing.
    const lateComer = openPage(path);
    // Each winner's frames, then the drawing as it holds that winner on the spot (a busy machine's
    // screencast can skip the short hold between two balls; a screenshot of it cannot).
    const frames: Frame[] = [];
    for (const revealed of [1, 2, 3]) {
      frames.push(...(await framesWhileMoving(drawing, 90_000, `[data-revealed="${revealed}"]`)));
      frames.push(await frameOf(drawing));
    }
    expect((await finishing).status).toBe(200);
    expect(changingPairs(frames)).toBeGreaterThanOrEqual(6);
    expect(placesInTurn(frames)).toEqual([3, 2, 1]);
    const view = (await server.call("GET", `/api/game/lottery/get/${lottery.code}`)).body as {
      winners: { place: number; winnerLotteryNumber: number }[];
    };
    const ticketOf = (place: number) =>
      view.winners.find((winner) => winner.place === place)!.winnerLotteryNumber;
    const shown = await landedView(drawing);
    expect(shown).toMatchObject({ ticket: ticketOf(1), place: 1, placeShown: 1, ringShown: false });
    const revealed = visitor.locator(".drawing-winners li");
    expect(await revealed.evaluateAll((items) => items.map((li) => li.dataset.ticket))).toEqual(
      [3, 2, 1].map((place) => String(ticketOf(place))),
    );
    // Then the result, read again once the room says it is drawn.
    await visitor
      .locator(".winner-records")
      .getByText(`#${ticketOf(1)}`)
      .first()
      .waitFor();
    await shoot(visitor, "live-drawn");

    // Alice holds tickets 1 and 2: hers are ringed and celebrated.
    const alices = await landedView(holder.getByTestId("lottery-drawing"));
    const aliceFirst = [1, 2].includes(ticketOf(1));
    expect(alices).toMatchObject({ placeShown: 1, mine: aliceFirst, ringShown: aliceFirst });
    const aliceWon = view.winners.filter((w) => [1, 2].includes(w.winnerLotteryNumber));
    expect(await holder.locator(".drawing-winners li.mine").count()).toBe(aliceWon.length);
    if (aliceWon.length > 0) await holder.getByTestId("drawing-mine").waitFor();
    await shoot(holder, "live-holder");

    // The one who came in the countdown (or, on a slow machine, after it) sees the same result.
    const late = await lateComer;
    const lateView = await landedView(late.getByTestId("lottery-drawing"));
    expect(lateView).toMatchObject({ ticket: ticketOf(1), placeShown: 1 });
    expect(await late.locator(".drawing-winners li").count()).toBe(3);
    for (const page of [visitor, holder, late]) await page.context().close();
  });

  it("with reduced motion brings each ball out sooner, never skipping it", {
    timeout: 90_000,
  }, async () => {
    const page = await openPage("/demo/game/lottery", { ...PHONE, reducedMotion: "reduce" });
    // Timed in the page, from the moment the canvas draws until the drawing says it landed.
    await page.evaluate(`{
      const times = (window.__drawing = {});
      new MutationObserver(() => {
        const drawing = document.querySelector('[data-testid="lottery-drawing"]');
        if (drawing?.dataset.renderer === "canvas" && !times.shown) times.shown = performance.now();
        if (drawing?.dataset.landed && !times.landed) times.landed = performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }`);
    await demoDraw(page);
    const drawing = page.getByTestId("lottery-drawing");
    await drawing.and(page.locator("[data-landed]")).waitFor();
    const landedAfterMs = await page.evaluate("window.__drawing.landed - window.__drawing.shown");
    // In full, a pause of 0.9 s and a reveal of 2.6 s; reduced, the same pause and a 0.9 s
    // reveal: shorter, but not a jump to the end.
    expect(landedAfterMs).toBeGreaterThan(1_200);
    expect(landedAfterMs).toBeLessThan(3_000);
    await verdict(page);
    const shown = await landedView(drawing);
    expect(shown.placeShown).toBe(1);
    await page.context().close();
  });

  it("without any renderer says the drawing could not start and names the winning ticket", {
    timeout: 60_000,
  }, async () => {
    const page = await openPage("/demo/game/lottery", PHONE, { renderers: "none" });
    await demoDraw(page);
    await verdict(page);
    const winning = await page.getByTestId("winner-ticket").textContent();
    expect(await page.getByTestId("animation-failed").textContent()).toMatch(
      new RegExp(
        `^The animation could not start; your result: 1st place · ETB\\s5,000\\.00: #${winning}$`,
      ),
    );
    expect(await page.getByTestId("lottery-drawing").getAttribute("data-landed")).toBe("true");
    expect(expectPageProblems(/The game animation could not start/)).toHaveLength(1);
    await page.context().close();
  });

  it("replays a lottery drawn earlier (its room gone), each ball in turn, for a visitor and a holder", {
    timeout: 240_000,
  }, async () => {
    const { lottery, alice, bob } = drawnEarlier;
    // Its room stays a minute after the drawing: a visitor after that replays it from the API.
    await expect
      .poll(
        () =>
          new Client(server.url).joinById(lottery.code).then(
            (room) => room.leave().then(() => "room"),
            () => "gone",
          ),
        { timeout: 120_000, interval: 2_000 },
      )
      .toBe("gone");
    const view = (await server.call("GET", `/api/game/lottery/get/${lottery.code}`)).body as {
      winners: { place: number; winnerLotteryNumber: number }[];
    };
    const ticketOf = (place: number) =>
      view.winners.find((winner) => winner.place === place)!.winnerLotteryNumber;

    // A visitor: the three balls come out last place first, each landing in its colour.
    const visitor = await openPage(`/play/instant/lottery/${lottery.code}`);
    const drawing = visitor.getByTestId("lottery-drawing");
    const frames = await framesWhileMoving(drawing, 60_000);
    frames.push(await frameOf(drawing));
    expect(changingPairs(frames)).toBeGreaterThanOrEqual(6);
    expect(placesInTurn(frames)).toEqual([3, 2, 1]);
    // A plain 2D canvas: the page fetched its scripts, none of them PixiJS's.
    const fetched: string[] = await visitor.evaluate(
      'performance.getEntriesByType("resource").map((entry) => entry.name)',
    );
    expect(fetched.filter((url) => url.includes("/assets/lottery-drawing-"))).toHaveLength(1);
    expect(fetched.filter((url) => PIXI_CHUNK.test(url))).toEqual([]);
    const shown = await landedView(drawing);
    expect(shown).toMatchObject({ ticket: ticketOf(1), place: 1, placeShown: 1 });
    expect(shown).toMatchObject({ mine: false, ringShown: false });
    const revealed = visitor.locator(".drawing-winners li");
    expect(await revealed.evaluateAll((items) => items.map((li) => li.dataset.ticket))).toEqual(
      [3, 2, 1].map((place) => String(ticketOf(place))),
    );
    await visitor.getByRole("heading", { name: "Winner Tickets" }).waitFor();
    await shoot(visitor, "replay-visitor");

    // A holder: the first prize's ball wears the green ring when it is one of theirs.
    for (const [player, tickets] of [
      [alice, [1, 2]],
      [bob, [3]],
    ] as const) {
      const page = await openPage(`/play/instant/lottery/${lottery.code}`, PHONE, {
        token: player.token,
      });
      const holder = await landedView(page.getByTestId("lottery-drawing"));
      const firstIsMine = (tickets as readonly number[]).includes(ticketOf(1));
      expect(holder).toMatchObject({ placeShown: 1, mine: firstIsMine, ringShown: firstIsMine });
      const won = view.winners.filter((w) =>
        (tickets as readonly number[]).includes(w.winnerLotteryNumber),
      );
      if (won.length > 0) await page.getByTestId("drawing-mine").waitFor();
      await shoot(page, `replay-holder-${tickets.join("-")}`);
      await page.context().close();
    }
    await visitor.context().close();
  });
});

/** The places whose balls stood on the landing spot, in the order the frames showed them. */
function placesInTurn(frames: Frame[]): number[] {
  const places: number[] = [];
  for (const frame of frames) {
    const place = lotteryPlaceShown(frame);
    if (place !== null && place !== places.at(-1)) places.push(place);
  }
  return places;
}

/** An init script that notes every notice the page shows (title and message), however brief. */
const NOTICES = `window.__notices = [];
addEventListener("DOMContentLoaded", () =>
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('[role="alertdialog"]')) {
      const title = notice.querySelector("h2")?.textContent;
      const message = notice.querySelector("p")?.textContent;
      const text = title + " " + message;
      if (!window.__notices.includes(text)) window.__notices.push(text);
    }
  }).observe(document.body, { subtree: true, childList: true }));`;

/** PixiJS's chunks in the build (the coin's and the wheel's, never the lottery's). */
const PIXI_CHUNK = /\/assets\/(pixi-load|WebGLRenderer|WebGPURenderer|CanvasRenderer)-/;

/** An init script that takes every canvas context away (no renderer can start). */
const WITHOUT_CANVAS = `{
  HTMLCanvasElement.prototype.getContext = () => null;
  if (typeof OffscreenCanvas !== "undefined") OffscreenCanvas.prototype.getContext = () => null;
  Object.defineProperty(navigator, "gpu", { value: undefined });
}`;
