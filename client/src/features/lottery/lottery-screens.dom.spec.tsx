import type { LotteryView, MyTicket } from "@igp/shared";
import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import { formatMoney } from "../../lib/money.ts";
import { queryClient } from "../../lib/queries.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { LotteryListPage } from "./lottery-list-page.tsx";
import { LotteryResultPage } from "./lottery-result-page.tsx";
import { MyTicketsPage } from "./my-tickets-page.tsx";

// Component tests answer the API calls themselves (no server here); the browser journey
// (game-server/test/e2e/lottery.e2e.spec.ts) buys and draws real tickets. The cards' figures and
// the phone's cards are in lottery-list-page.dom.spec.tsx and components/records/player-lists.dom.spec.tsx.
const lottery: LotteryView = {
  id: 1,
  type: "lottery",
  code: "BIGDRAW1",
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
const ticket = (number: number, prize: MyTicket["prize"] = null): MyTicket => ({
  code: lottery.code,
  title: lottery.title,
  myLotteryNumber: number,
  betAmount: 25,
  boughtAt: "2026-11-20T10:00:00.000Z",
  lotteryStatus: "open",
  outDate: lottery.outDate,
  prize,
});

const calls: { url: string; body: unknown }[] = [];
/** The answer to each API path; anything else is not found. */
let answers: Record<string, { status: number; body: unknown }> = {};
const player = {
  userId: "u1",
  fullName: "Abebe",
  userName: null,
  role: "user",
  mainBalance: 100,
  bonusBalance: 0,
};
beforeEach(() => {
  calls.length = 0;
  answers = {
    "/api/login/user": { status: 200, body: player },
    "/api/game/lottery/list": { status: 200, body: [lottery] },
  };
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[url] ?? { status: 404, body: { message: "Not found" } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  markSignedIn(false);
});

const show = (node: ReactNode, path = "/") =>
  render(
    <SessionProvider>
      <NoticeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={node} />
            <Route path="/play/instant/lottery/:code" element={node} />
            <Route path="/auth/login" element={<p>the sign-in page</p>} />
          </Routes>
        </MemoryRouter>
      </NoticeProvider>
    </SessionProvider>,
  );
const posts = () => calls.filter((call) => call.body);
const etb = (amount: number) => formatMoney(amount, "en");

describe("buying a ticket from the list", () => {
  it("sends a visitor to sign in first, buying nothing", async () => {
    show(<LotteryListPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Buy Ticket" }));
    expect(await screen.findByText("the sign-in page")).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  describe("signed in", () => {
    beforeEach(() => markSignedIn());

    it("asks to confirm the lottery and its price; Cancel buys nothing", async () => {
      show(<LotteryListPage />);
      fireEvent.click(await screen.findByRole("button", { name: "Buy Ticket" }));
      const confirm = await screen.findByRole("dialog", { name: "Confirm Purchase" });
      expect(confirm.textContent).toContain(`Buy one ticket of Big Draw for ${etb(25)}?`);
      fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("dialog", { name: "Confirm Purchase" })).toBeNull();
      expect(posts()).toEqual([]);
    });

    it("buys the lottery's ticket on Confirm, and says why the server refused it", async () => {
      answers["/api/game/lottery/buy/ticket"] = {
        status: 400,
        body: { message: "Insufficient balance." },
      };
      show(<LotteryListPage />);
      fireEvent.click(await screen.findByRole("button", { name: "Buy Ticket" }));
      fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
      expect(
        await screen.findByRole("alertdialog", {
          name: "Failed to purchase ticket: Insufficient balance.",
        }),
      ).toBeTruthy();
      expect(posts()).toEqual([
        { url: "/api/game/lottery/buy/ticket", body: { code: "BIGDRAW1" } },
      ]);
    });

    it("a session that expired meanwhile is sent to sign in", async () => {
      answers["/api/game/lottery/buy/ticket"] = { status: 401, body: { message: "Unauthorized" } };
      show(<LotteryListPage />);
      fireEvent.click(await screen.findByRole("button", { name: "Buy Ticket" }));
      fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
      expect(await screen.findByText("the sign-in page")).toBeTruthy();
    });

    it("links to My Tickets", async () => {
      show(<LotteryListPage />);
      expect((await screen.findByRole("link", { name: "My Tickets" })).getAttribute("href")).toBe(
        "/dashboard/lottery-tickets",
      );
    });
  });

  it("lists every place's prize, money or award, and closes", async () => {
    show(<LotteryListPage />);
    fireEvent.click(await screen.findByRole("button", { name: "List of Prizes" }));
    const prizes = await screen.findByRole("dialog", { name: "Prize List" });
    expect([...prizes.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      etb(5000),
      etb(200),
      "Phone",
    ]);
    fireEvent.click(within(prizes).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog", { name: "Prize List" })).toBeNull();
  });

  it("says there is nothing to buy when no lottery is open", async () => {
    answers["/api/game/lottery/list"] = { status: 200, body: [] };
    show(<LotteryListPage />);
    expect(await screen.findByText("No games found for Lottery")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Buy Ticket" })).toBeNull();
  });
});

describe("My Tickets", () => {
  it("says so when the player has none", async () => {
    answers["/api/game/lottery/tickets"] = { status: 200, body: [] };
    show(<MyTicketsPage />);
    expect(await screen.findByText("You have no tickets yet.")).toBeTruthy();
  });

  it("lists each ticket with where its lottery stands, linked to the lottery's result", async () => {
    answers["/api/game/lottery/tickets"] = {
      status: 200,
      body: [
        ticket(7),
        { ...ticket(2), code: "SMALL001", title: "Small Draw", lotteryStatus: "drawn" },
      ],
    };
    show(<MyTicketsPage />);
    const rows = (await screen.findAllByRole("row")).slice(1);
    const read = (row: HTMLElement) =>
      [...row.querySelectorAll("th, td")].map((cell) => cell.textContent);
    expect(rows.map(read)).toEqual([
      ["Big Draw", "#7", etb(25), expect.any(String), "Open", "—"],
      ["Small Draw", "#2", etb(25), expect.any(String), "Lost", "—"],
    ]);
    expect(within(rows[1]!).getByRole("link", { name: "Small Draw" }).getAttribute("href")).toBe(
      "/play/instant/lottery/SMALL001",
    );
  });
});

describe("a lottery's result page", () => {
  beforeEach(() => markSignedIn());
  const openAt = (view: LotteryView, mine: MyTicket[]) => {
    answers[`/api/game/lottery/get/${view.code}`] = { status: 200, body: view };
    answers[`/api/game/lottery/tickets?code=${view.code}`] = { status: 200, body: mine };
    show(<LotteryResultPage />, `/play/instant/lottery/${view.code}`);
  };
  const section = async (name: string) => screen.findByRole("region", { name });

  it("before the drawing: my tickets waiting, no winners yet, nothing to verify", async () => {
    openAt(lottery, [ticket(7)]);
    const title = await screen.findByRole("heading", { level: 1, name: "Big Draw" });
    // As its room will say it once it answers (the room is not reached here).
    expect(title.nextElementSibling!.textContent).toBe(
      "On sale: the drawing starts on its own at the end date.",
    );
    const mine = await section("My Tickets");
    expect(mine.querySelector('[data-ticket="7"] .status')!.textContent).toBe("Open");
    expect((await section("Winner Tickets")).textContent).toBe(
      "Winner TicketsThe winners are drawn after the out date.",
    );
    expect(
      screen.getByRole("link", { name: "Buy Another Lottery Tickets" }).getAttribute("href"),
    ).toBe("/play/instant/lottery");
    expect(screen.queryByRole("link", { name: "Verify the drawing" })).toBeNull();
  });

  it("once drawn: which of my tickets won, and the way to verify the drawing", async () => {
    const drawn: LotteryView = {
      ...lottery,
      status: "drawn",
      serverSeed: "s".repeat(64),
      winners: [{ place: 1, label: "5000", amount: 5000, winnerLotteryNumber: 7 }],
    };
    openAt(drawn, [ticket(7, { place: 1, label: "5000", amount: 5000 }), ticket(8)]);
    const mine = await section("My Tickets");
    const result = (number: number) =>
      mine.querySelector(`[data-ticket="${number}"]`)!.querySelector(".status")!.textContent;
    expect(result(7)).toBe("Won");
    expect(result(8)).toBe("Lost");
    expect((await section("Winner Tickets")).textContent).toContain("#7");
    expect(screen.getByRole("link", { name: "Verify the drawing" }).getAttribute("href")).toBe(
      "/fair?lottery=BIGDRAW1",
    );
  });

  it("a drawing without tickets sold has no winner", async () => {
    openAt({ ...lottery, status: "drawn", serverSeed: "s".repeat(64) }, []);
    expect((await section("My Tickets")).textContent).toContain("You have no tickets yet.");
    expect((await section("Winner Tickets")).textContent).toContain(
      "No tickets were sold: no winner.",
    );
  });

  it("an unknown code is not found", async () => {
    show(<LotteryResultPage />, "/play/instant/lottery/NOSUCH00");
    expect(
      await screen.findByText(
        "Could not find the game. It might have expired or the code is incorrect.",
      ),
    ).toBeTruthy();
  });
});
