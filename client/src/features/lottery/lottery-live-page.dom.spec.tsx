import type { LotteryView, MyTicket } from "@igp/shared";
import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import { formatMoney } from "../../lib/money.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { LotteryResultPage } from "./lottery-result-page.tsx";
import type { RoomWinner } from "./lottery-room-messages.ts";
import type { LotteryRoomState } from "./lottery-room-schemas.ts";

/**
 * The lottery page's live states (docs/realtime.md, the `lottery` room): the room is a stand-in
 * that fires the SDK's hooks (the real room, in Chromium: lottery-drawing.e2e.spec.ts), the API
 * calls are answered here. happy-dom has no canvas: the drawing says its winners in words (the
 * renderer's failure is logged), which is what these tests read.
 */
class StandInRoom {
  private readonly hooks = new Map<string, (...args: unknown[]) => void>();
  onStateChange(fn: (state: unknown) => void) {
    this.hooks.set("state", fn);
  }
  onMessage(type: string, fn: (message: unknown) => void) {
    this.hooks.set(`message:${type}`, fn as (...args: unknown[]) => void);
  }
  onDrop() {}
  onReconnect() {}
  onLeave() {}
  async leave() {}
  get watched() {
    return this.hooks.has("state");
  }
  state(state: Partial<LotteryRoomState>) {
    const full = { ...ON_SALE, ...state };
    act(() => this.hooks.get("state")?.({ toJSON: () => full }));
  }
  message(type: string, message: unknown) {
    act(() => this.hooks.get(`message:${type}`)?.(message));
  }
}

let room: StandInRoom | null = null;
/** Whether the lottery has a room to join (false: drawn long ago, its room gone). */
let roomThere = true;
/** How many times the page tried to join the room. */
let joins = 0;
vi.mock("../../lib/realtime.ts", async (original) => ({
  // The SDK calls stood in for; the rest (LEFT_BY_CHOICE) as it is.
  ...(await original<typeof import("../../lib/realtime.ts")>()),
  preloadRealtime: vi.fn(async () => {}),
  joinRoomById: vi.fn(async () => {
    joins += 1;
    if (!roomThere) throw new Error("room not found");
    room = new StandInRoom();
    return room;
  }),
}));

const CODE = "BIGDRAW1";
const lottery: LotteryView = {
  id: 1,
  type: "lottery",
  code: CODE,
  title: "Big Draw",
  image: "/image/banner.png",
  betAmount: 25,
  winAmount: 5000,
  outDate: "2099-01-01T00:00:00.000Z",
  prizes: "200,Phone",
  prizeList: [
    { place: 1, label: "5000", amount: 5000 },
    { place: 2, label: "200", amount: 200 },
    { place: 3, label: "Phone", amount: null },
  ],
  status: "open",
  ticketsSold: 4,
  createdAt: "2026-11-01T00:00:00.000Z",
  commitment: "c".repeat(64),
  serverSeed: null,
  winners: [],
  lotterySpecific: [],
};
const ON_SALE: LotteryRoomState = {
  code: CODE,
  title: "Big Draw",
  ticketPrice: 25,
  winAmount: 5000,
  outDate: Date.parse(lottery.outDate),
  phase: "onSale",
  ticketsSold: 4,
  drawAt: 0,
  places: 3,
  revealEveryMs: 3000,
  revealed: [],
  commitment: "c".repeat(64),
  serverSeed: "",
};
const third: RoomWinner = { place: 3, ticket: 8, label: "Phone", amount: 0 };
const second: RoomWinner = { place: 2, ticket: 2, label: "200", amount: 200 };
const first: RoomWinner = { place: 1, ticket: 5, label: "5000", amount: 5000 };
const drawnView: LotteryView = {
  ...lottery,
  status: "drawn",
  serverSeed: "s".repeat(64),
  winners: [first, second, third].map(({ ticket, amount, ...winner }) => ({
    ...winner,
    amount: amount || null,
    winnerLotteryNumber: ticket,
  })),
};
const ticket = (number: number): MyTicket => ({
  code: CODE,
  title: "Big Draw",
  myLotteryNumber: number,
  betAmount: 25,
  boughtAt: "2026-11-20T10:00:00.000Z",
  lotteryStatus: "open",
  outDate: lottery.outDate,
  prize: null,
});

let answers: Record<string, unknown> = {};
const asked: string[] = [];
beforeEach(() => {
  room = null;
  roomThere = true;
  joins = 0;
  asked.length = 0;
  answers = {
    "/api/login/user": { userId: "u1", fullName: "Abebe", userName: null, role: "user" },
    [`/api/game/lottery/get/${CODE}`]: lottery,
    [`/api/game/lottery/tickets?code=${CODE}`]: [ticket(7), ticket(8)],
  };
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const body = answers[url];
    return body === undefined
      ? Response.json({ message: "Not found" }, { status: 404 })
      : Response.json(
          url === "/api/login/user"
            ? { ...(body as object), mainBalance: 100, bonusBalance: 0 }
            : body,
        );
  });
  // The drawing's renderer cannot start here; the cause is logged (a real browser draws it).
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  markSignedIn(false);
});

function openPage() {
  render(
    <SessionProvider>
      <NoticeProvider>
        <MemoryRouter initialEntries={[`/play/instant/lottery/${CODE}`]}>
          <Routes>
            <Route path="/play/instant/lottery/:code" element={<LotteryResultPage />} />
          </Routes>
        </MemoryRouter>
      </NoticeProvider>
    </SessionProvider>,
  );
}

/** The room, once the page has joined it. */
async function joined() {
  await waitFor(() => expect(room?.watched).toBe(true));
  return room!;
}

const drawing = () => screen.getByTestId("lottery-drawing");
/** Once the canvas has tried to start (and failed: this DOM has none): winners land at once. */
const rendererTried = () =>
  waitFor(() => expect(drawing().dataset.renderer).toBe("failed"), { timeout: 20_000 });
const phase = () => screen.getByTestId("lottery-phase").textContent;
const revealedTickets = () =>
  [...document.querySelectorAll(".drawing-winners li")].map((li) => li.getAttribute("data-ticket"));
const etb = (amount: number) => formatMoney(amount, "en");

// Slow on a busy machine (a page, its room and its drawing each test).
describe("an open lottery, live", { timeout: 30_000 }, () => {
  it("lets a visitor watch: tickets sold follow the room, and no tickets are asked for", async () => {
    openPage();
    const live = await joined();
    live.state({ ticketsSold: 9 });
    expect(screen.getByTestId("tickets-sold").textContent).toBe("9");
    live.state({ ticketsSold: 12 });
    expect(screen.getByTestId("tickets-sold").textContent).toBe("12");
    expect(phase()).toBe("On sale: the drawing starts on its own at the end date.");
    expect(screen.getByRole("timer", { name: "Ends in" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to see your tickets." })).toBeTruthy();
    expect(asked.filter((url) => url.includes("/tickets"))).toEqual([]);
  });

  it("gives the 5-second notice, reveals each winner as the room does, then shows the result", async () => {
    markSignedIn();
    openPage();
    const live = await joined();
    live.state({ phase: "closing", ticketsSold: 9 });
    expect(phase()).toBe("Sales are closed: the drawing starts in a moment.");
    const drawAt = Date.now() + 5_000;
    live.state({ phase: "countdown", drawAt });
    live.message("drawingSoon", {
      code: CODE,
      drawAt,
      message: "The drawing starts in 5 seconds.",
    });
    // The notices' dialog loads on first use.
    const notice = await screen.findByRole(
      "alertdialog",
      { name: "Get ready" },
      { timeout: 10_000 },
    );
    expect(notice.textContent).toContain("The drawing starts in 5 seconds.");
    fireEvent.click(within(notice).getByRole("button", { name: "OK" }));
    await rendererTried();
    expect(screen.getByRole("timer", { name: "Drawing in" })).toBeTruthy();

    live.state({ phase: "drawing", drawAt, revealed: [third] });
    live.message("winner", { ...third, mine: true });
    await waitFor(() => expect(drawing().dataset.revealed).toBe("1"));
    expect(phase()).toBe("Drawing the winning tickets: 1 of 3 revealed");
    expect(screen.getByTestId("animation-failed").textContent).toBe(
      "The animation could not start; your result: 3rd place · Phone: #8",
    );
    expect(screen.getByTestId("drawing-mine").textContent).toBe(
      "Your ticket #8 won: 3rd place · Phone!",
    );
    expect(document.querySelector(".drawing-winners li.mine")?.textContent).toBe(
      "#8 3rd place · Phone · Your ticket!",
    );

    live.state({ phase: "drawing", drawAt, revealed: [third, second, first] });
    await waitFor(() => expect(drawing().dataset.landed).toBe("true"));
    expect(revealedTickets()).toEqual(["8", "2", "5"]);
    expect(drawing().dataset.ticket).toBe("5");
    expect(drawing().dataset.place).toBe("1");
    expect(drawing().dataset.mine).toBeUndefined();
    expect(document.querySelector('.drawing-winners li[data-ticket="5"]')?.textContent).toBe(
      `#5 1st place · ${etb(5000)}`,
    );

    // Every ball landed: the prizes are paid before the room says drawn.
    live.state({ phase: "paying", drawAt, revealed: [third, second, first] });
    await waitFor(() => expect(phase()).toBe("Every winning ticket revealed: paying the prizes."));
    expect(revealedTickets()).toEqual(["8", "2", "5"]);

    answers[`/api/game/lottery/get/${CODE}`] = drawnView;
    live.state({ phase: "drawn", drawAt, revealed: [third, second, first] });
    live.message("drawn", {
      code: CODE,
      serverSeed: "s".repeat(64),
      winners: [first, second, third],
    });
    const winners = await screen.findByRole("region", { name: "Winner Tickets" });
    await waitFor(() => expect(winners.textContent).toContain("#5"), { timeout: 5_000 });
    // The drawing watched live stays as it ended: no replay of it.
    expect(revealedTickets()).toEqual(["8", "2", "5"]);
    expect(screen.getByRole("link", { name: "Verify the drawing" })).toBeTruthy();
  });

  it("shows a watcher who comes mid-drawing the winners revealed so far, at once", async () => {
    markSignedIn();
    openPage();
    const live = await joined();
    live.state({ phase: "drawing", drawAt: Date.now() - 4_000, revealed: [third, second] });
    await rendererTried();
    await waitFor(() => expect(drawing().dataset.revealed).toBe("2"));
    expect(revealedTickets()).toEqual(["8", "2"]);
    expect(drawing().dataset.landed).toBe("true");
    // Ticket 8 is theirs: ringed in the list, but not celebrated as news.
    expect(document.querySelector(".drawing-winners li.mine")?.getAttribute("data-ticket")).toBe(
      "8",
    );
    expect(screen.queryByTestId("drawing-mine")).toBeNull();
  });

  it("joins the room of a lottery the API calls drawing (mid-reveal), then reads the result once drawn", async () => {
    // The API says drawing, without winners, until the room has revealed the last one.
    answers[`/api/game/lottery/get/${CODE}`] = { ...lottery, status: "drawing" };
    markSignedIn();
    openPage();
    const live = await joined();
    const drawAt = Date.now() - 6_000;
    live.state({ phase: "drawing", drawAt, revealed: [third] });
    await rendererTried();
    await waitFor(() => expect(drawing().dataset.revealed).toBe("1"));
    expect(phase()).toBe("Drawing the winning tickets: 1 of 3 revealed");
    const winners = screen.getByRole("region", { name: "Winner Tickets" });
    expect(winners.textContent).toContain("The winners are drawn after the out date.");
    live.state({ phase: "drawing", drawAt, revealed: [third, second] });
    await waitFor(() => expect(drawing().dataset.revealed).toBe("2"));

    answers[`/api/game/lottery/get/${CODE}`] = drawnView;
    live.state({ phase: "drawn", drawAt, revealed: [third, second, first] });
    live.message("drawn", {
      code: CODE,
      serverSeed: "s".repeat(64),
      winners: [first, second, third],
    });
    await waitFor(() => expect(winners.textContent).toContain("#5"), { timeout: 5_000 });
    expect(revealedTickets()).toEqual(["8", "2", "5"]);
    expect(phase()).toBe("Drawn");
    expect(joins).toBe(1);
  });

  it("gives the notice once to a watcher who joins (or comes back) in the countdown", async () => {
    openPage();
    const live = await joined();
    const drawAt = Date.now() + 3_000;
    live.state({ phase: "countdown", drawAt });
    const notice = await screen.findByRole(
      "alertdialog",
      { name: "Get ready" },
      { timeout: 10_000 },
    );
    expect(notice.textContent).toContain("The drawing starts in 5 seconds.");
    fireEvent.click(within(notice).getByRole("button", { name: "OK" }));
    live.message("drawingSoon", {
      code: CODE,
      drawAt,
      message: "The drawing starts in 5 seconds.",
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("says so when the lottery is cancelled and its tickets refunded", async () => {
    openPage();
    const live = await joined();
    live.message("cancelled", {
      code: CODE,
      message: "This lottery was cancelled. Every ticket was refunded.",
    });
    expect(phase()).toBe("This lottery was cancelled. Every ticket was refunded.");
    expect(screen.queryByTestId("lottery-drawing")).toBeNull();
  });
});

describe("a lottery drawn before the page opened", { timeout: 30_000 }, () => {
  it("replays its drawing from the API's winners, last place first, for anyone", async () => {
    roomThere = false;
    answers[`/api/game/lottery/get/${CODE}`] = drawnView;
    openPage();
    await waitFor(() => expect(screen.getByTestId("lottery-drawing").dataset.landed).toBe("true"));
    expect(revealedTickets()).toEqual(["8", "2", "5"]);
    expect(screen.getByTestId("animation-failed").textContent).toBe(
      `The animation could not start; your result: 3rd place · Phone: #8; 2nd place · ${etb(200)}: #2; 1st place · ${etb(5000)}: #5`,
    );
    expect(phase()).toBe("Drawn");
    // Drawn: replayed from the API, its room not even tried.
    expect(joins).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Watch the drawing again" }));
    await waitFor(() => expect(screen.getByTestId("lottery-drawing").dataset.landed).toBe("true"));
    expect(revealedTickets()).toEqual(["8", "2", "5"]);
  });

  it("celebrates a holder's winning ticket in the replay", async () => {
    roomThere = false;
    markSignedIn();
    answers[`/api/game/lottery/get/${CODE}`] = drawnView;
    openPage();
    expect((await screen.findByTestId("drawing-mine")).textContent).toBe(
      "Your ticket #8 won: 3rd place · Phone!",
    );
  });
});
