import type { GameHistoryPage, LotteryView, MyTicket } from "@igp/shared";
import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LotteryResultPage } from "../../features/lottery/lottery-result-page.tsx";
import { MyTicketsPage } from "../../features/lottery/my-tickets-page.tsx";
import { GameHistory } from "../../features/profile/game-history.tsx";
import { TransactionsList } from "../../features/wallet/transactions-list.tsx";
import { switchLanguage } from "../../lib/i18n.ts";
import { formatMoney } from "../../lib/money.ts";
import { queryClient } from "../../lib/queries.ts";

// The player's lists as the API sends them (no server here); the browser journeys
// (game-server/test/e2e) read them from a real server at 360 and 1280 px.
const history: GameHistoryPage = {
  status: "ok",
  currentPage: 1,
  totalPages: 1,
  history: [
    {
      roundId: "r1",
      game: "coin-flip",
      code: "ABCDEFGH",
      side: "T",
      numbers: [],
      tickets: [],
      stake: 12.5,
      outcome: "won",
      payout: 22.5,
      refunded: 0,
      places: [],
      playedAt: "2026-11-20T10:00:00.000Z",
      settledAt: "2026-11-20T10:01:00.000Z",
    },
  ],
};
const ticket: MyTicket = {
  code: "LOTTERY2",
  title: "Big Draw",
  myLotteryNumber: 2,
  betAmount: 25,
  boughtAt: "2026-11-20T10:00:00.000Z",
  lotteryStatus: "drawn",
  outDate: "2026-11-21T10:00:00.000Z",
  prize: { place: 1, label: "5000", amount: 5000 },
};
const lottery: LotteryView = {
  id: 1,
  type: "lottery",
  code: "LOTTERY2",
  title: "Big Draw",
  image: "/image/banner.png",
  betAmount: 25,
  winAmount: 5000,
  outDate: "2026-11-21T10:00:00.000Z",
  prizes: "Phone",
  prizeList: [],
  status: "drawn",
  ticketsSold: 3,
  createdAt: "2026-11-01T00:00:00.000Z",
  commitment: "c".repeat(64),
  serverSeed: "s".repeat(64),
  winners: [
    { place: 1, label: "5000", amount: 5000, winnerLotteryNumber: 2 },
    { place: 2, label: "Phone", amount: null, winnerLotteryNumber: 3 },
  ],
  lotterySpecific: [],
};
const answers: Record<string, unknown> = {
  "/api/game/history?page=1": history,
  "/api/game/lottery/tickets": [ticket],
  "/api/game/lottery/tickets?code=LOTTERY2": [ticket],
  "/api/game/lottery/get/LOTTERY2": lottery,
  "/api/transactions/deposit": {
    transactions: [
      {
        id: "t1",
        amount: 120,
        method: "Agent Deposit",
        status: "pending",
        createdAt: "2026-11-20T09:00:00.000Z",
        depositCode: "K7M2P9QX",
      },
    ],
  },
};

/** happy-dom's window: its viewport decides the stylesheet's (and the lists') phone layout. */
const viewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }
  ).happyDOM.setViewport({ width });

beforeEach(() => {
  vi.stubGlobal("fetch", async (url: string) =>
    url in answers ? Response.json(answers[url]) : new Response("{}", { status: 404 }),
  );
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  markSignedIn(false);
  viewport(1024);
  await switchLanguage("en");
});

const show = (node: ReactNode, path = "/") =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/play/instant/lottery/:code" element={node} />
        <Route path="*" element={node} />
      </Routes>
    </MemoryRouter>,
  );

/** A phone's card: the record titled `title`. */
async function card(title: string) {
  const heading = await screen.findByRole("heading", { name: title });
  return heading.closest("li")!;
}

/** Each label of a card with the value beside it. */
const fields = (card: HTMLElement) =>
  Object.fromEntries(
    [...card.querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]),
  );

/** The text beside a card's title: its status badge, on the title's line. */
const titleLine = (card: HTMLElement, title: string) =>
  within(card).getByRole("heading", { name: title }).parentElement!.textContent;

const etb = (amount: number, language = "en") => formatMoney(amount, language);

describe("on a phone each record is a card: what and its status first, then labelled fields", () => {
  beforeEach(() => viewport(360));

  it("Game History: the game with its outcome, then when, the choice, the stake and the payout", async () => {
    show(<GameHistory />);
    const round = await card("Coin Flip");
    expect(titleLine(round, "Coin Flip")).toContain("Won");
    expect(fields(round)).toEqual({
      Date: new Date(history.history[0]!.playedAt).toLocaleString("en"),
      Choice: "Tails",
      Stake: etb(12.5),
      Payout: etb(22.5),
    });
    expect(within(round).getByRole("link", { name: "Verify" }).getAttribute("href")).toBe(
      "/fair?code=ABCDEFGH",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("My Tickets: the lottery with the ticket's result, then the ticket, price, out date, prize", async () => {
    show(<MyTicketsPage />);
    const mine = await card("Big Draw");
    expect(titleLine(mine, "Big Draw")).toContain("Won");
    expect(fields(mine)).toEqual({
      Ticket: "#2",
      "Ticket price": etb(25),
      "Out date": new Date(ticket.outDate).toLocaleString("en"),
      Prize: etb(5000),
    });
  });

  it("in Amharic, with the same labels as the table's headers", async () => {
    await switchLanguage("am");
    show(<MyTicketsPage />);
    const mine = await card("Big Draw");
    expect(titleLine(mine, "Big Draw")).toContain("አሸንፈዋል");
    expect(fields(mine)).toMatchObject({
      ቲኬት: "#2",
      "የቲኬት ዋጋ": etb(25, "am"),
      ሽልማት: etb(5000, "am"),
    });
    cleanup();
    show(<GameHistory />);
    const round = await card("ሳንቲም መገልበጥ");
    expect(titleLine(round, "ሳንቲም መገልበጥ")).toContain("አሸንፈዋል");
    expect(fields(round)).toMatchObject({
      ምርጫ: "ጅራት",
      ውርርድ: etb(12.5, "am"),
      ክፍያ: etb(22.5, "am"),
    });
  });

  it("transactions: the method with its status, then the amount, the date and the code", async () => {
    show(<TransactionsList kind="deposit" />);
    const deposit = await card("Agent deposit");
    expect(titleLine(deposit, "Agent deposit")).toContain("Pending");
    expect(fields(deposit)).toMatchObject({ Amount: etb(120), "Deposit code": "K7M2P9QX Copy" });
  });

  it("a lottery's results: each ticket with its result and prize, each place with its ticket", async () => {
    // A signed-in player's page: visitors see the lottery without tickets.
    markSignedIn();
    show(<LotteryResultPage />, "/play/instant/lottery/LOTTERY2");
    const mine = await card("Ticket #2");
    expect(titleLine(mine, "Ticket #2")).toContain("Won");
    expect(fields(mine)).toEqual({ Prize: etb(5000) });
    expect(fields(await card("1st place"))).toEqual({ Ticket: "#2", Prize: etb(5000) });
    expect(fields(await card("2nd place"))).toEqual({ Ticket: "#3", Prize: "Phone" });
  });
});

describe("on a wide screen the lists stay tables", () => {
  it("Game History and My Tickets: column headers, one row per record, its title the row's header", async () => {
    show(<GameHistory />);
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Date", "Game", "Choice", "Stake", "Outcome", "Payout", "Verify"]);
    expect(within(table).getByRole("rowheader").textContent).toBe("Coin Flip");
    cleanup();
    show(<MyTicketsPage />);
    const tickets = await screen.findByRole("table");
    expect(
      within(tickets)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Lottery", "Ticket", "Ticket price", "Out date", "Result", "Prize"]);
    expect(screen.queryByRole("heading", { name: "Big Draw" })).toBeNull();
  });
});
