import type { LotteryView } from "@igp/shared";
import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/providers.tsx";
import { switchLanguage } from "../../lib/i18n.ts";
import { formatMoney } from "../../lib/money.ts";
import { LotteryListPage } from "./lottery-list-page.tsx";

const lottery: LotteryView = {
  id: 1,
  type: "lottery",
  code: "ABCDEFGH",
  title: "Big Draw",
  image: "/image/banner.png",
  betAmount: 25,
  winAmount: 5000,
  outDate: "2099-01-01T00:00:00.000Z",
  prizes: "",
  prizeList: [],
  status: "open",
  ticketsSold: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  commitment: "c".repeat(64),
  serverSeed: null,
  winners: [],
  lotterySpecific: [],
};
let lotteries: LotteryView[] = [];
const player = { userId: "u1", fullName: "Abebe", userName: null, role: "user" };

beforeEach(() => {
  markSignedIn();
  vi.stubGlobal("fetch", async (url: string) => {
    if (url === "/api/login/user")
      return Response.json({ ...player, mainBalance: 100, bonusBalance: 0 });
    if (url === "/api/game/lottery/list") return Response.json(lotteries);
    if (url === "/api/game/lottery/buy/ticket") {
      lotteries = lotteries.map((sold) => ({ ...sold, ticketsSold: sold.ticketsSold + 1 }));
      return Response.json({
        status: "ok",
        message: "Ticket purchased successfully!",
        code: lottery.code,
        betAmount: 25,
        myLotteryNumber: 7,
        mainBalance: 75,
        bonusBalance: 0,
      });
    }
    return Response.json({});
  });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  markSignedIn(false);
  await switchLanguage("en");
});

const show = () =>
  render(
    <MemoryRouter>
      <Providers>
        <LotteryListPage />
      </Providers>
    </MemoryRouter>,
  );

describe("the lottery list", () => {
  it("names the game in Amharic when it has none to sell", async () => {
    lotteries = [];
    await switchLanguage("am");
    show();
    expect(await screen.findByText("ለሎተሪ ምንም ጨዋታ አልተገኘም")).toBeTruthy();
  });

  it("says a purchase succeeded in a whole sentence, with the ticket's number", async () => {
    lotteries = [lottery];
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Buy Ticket" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    const notice = await screen.findByRole("alertdialog", {
      name: "Ticket purchased successfully!",
    });
    expect(notice.textContent).toContain("Your ticket number is 7.");
  });
});

describe("a lottery's card", () => {
  const NOW = Date.parse("2026-11-20T10:00:00.000Z");
  const drawing: LotteryView = {
    ...lottery,
    outDate: new Date(NOW + (2 * 24 + 4) * 3_600_000 + 90_000).toISOString(),
    prizeList: [
      { place: 1, label: "5000", amount: 5000 },
      { place: 2, label: "200", amount: 200 },
      { place: 3, label: "Phone", amount: null },
      { place: 4, label: "50", amount: 50 },
      { place: 5, label: "20", amount: 20 },
    ],
    ticketsSold: 12,
  };
  const soon: LotteryView = {
    ...drawing,
    code: "SOONSOON",
    title: "Quick Draw",
    outDate: new Date(NOW + 3 * 60_000 + 12_000).toISOString(),
  };
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
    lotteries = [drawing, soon];
  });
  const card = async (title: string) =>
    (await screen.findByRole("heading", { name: title })).closest("li")!;
  const figures = (element: HTMLElement) =>
    Object.fromEntries(
      [...element.querySelectorAll(".lottery-figures dt")].map((dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
  const spaced = (text: string | null) => text?.replace(/\s+/g, " ");
  const money = (amount: number, language = "en") => spaced(formatMoney(amount, language));

  it("leads with the prizes, then when it ends (live), tickets sold and the price", async () => {
    show();
    const big = await card("Big Draw");
    // What it wins first: the first prize, then the next places (the rest in the prize list).
    expect(spaced(big.querySelector(".lottery-first-prize")!.textContent)).toBe(
      `First prize${money(5000)}`,
    );
    expect(spaced(big.querySelector(".lottery-more-prizes")!.textContent)).toBe(
      `2nd place: ${money(200)} · 3rd place: Phone · 4th place: ${money(50)} and 1 more prize`,
    );
    expect(figures(big)).toMatchObject({
      "Ends in": "2 d 4 h",
      "Tickets sold": "12",
      "Ticket price": formatMoney(25, "en"),
    });
    const quick = await card("Quick Draw");
    const timer = within(quick).getByRole("timer", { name: "Ends in" });
    expect(timer.textContent).toBe("03:12");
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer.textContent).toBe("03:11");
    act(() => vi.advanceTimersByTime(191_000));
    expect(figures(quick)["Ends in"]).toBe("Sales closed, waiting for the drawing");
  });

  it("reads the tickets sold again while the list is open, as others buy", async () => {
    show();
    const big = await card("Big Draw");
    expect(figures(big)["Tickets sold"]).toBe("12");
    lotteries = [{ ...drawing, ticketsSold: 15 }, soon];
    await act(async () => vi.advanceTimersByTime(15_000));
    await waitFor(() => expect(figures(big)["Tickets sold"]).toBe("15"));
  });

  it("keeps the seed hash one tap away, behind 'Fairness proof', with the way to check it", async () => {
    show();
    const big = await card("Big Draw");
    const proof = big.querySelector("details")!;
    expect(proof.open).toBe(false);
    expect(proof.querySelector("summary")!.textContent).toBe("Fairness proof");
    expect(proof.textContent).toContain(lottery.commitment);
    expect(
      within(proof).getByRole("link", { name: "How it is checked" }).getAttribute("href"),
    ).toBe("/fair?lottery=ABCDEFGH");
    // The card's figures no longer give the hash the room the prize needs.
    expect(big.querySelector(".lottery-figures")!.textContent).not.toContain(lottery.commitment);
  });

  it("counts a ticket just bought among those sold", async () => {
    show();
    const big = await card("Big Draw");
    fireEvent.click(within(big).getByRole("button", { name: "Buy Ticket" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await screen.findByRole("alertdialog", { name: "Ticket purchased successfully!" });
    await vi.waitFor(() => expect(figures(big)["Tickets sold"]).toBe("13"));
  });

  it("in Amharic", async () => {
    await switchLanguage("am");
    show();
    const big = await card("Big Draw");
    expect(spaced(big.querySelector(".lottery-first-prize")!.textContent)).toBe(
      `አንደኛ ሽልማት${money(5000, "am")}`,
    );
    expect(figures(big)).toMatchObject({ "የሚያበቃው በ": "2 ቀን 4 ሰዓት", "የተሸጡ ቲኬቶች": "12" });
    expect(big.querySelector("summary")!.textContent).toBe("የፍትሃዊነት ማረጋገጫ");
  });
});
