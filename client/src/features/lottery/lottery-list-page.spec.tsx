import type { LotteryView } from "@igp/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/providers.tsx";
import { tokenStore } from "../../lib/api-client.ts";
import { switchLanguage } from "../../lib/i18n.ts";
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
  tokenStore.set("t1");
  vi.stubGlobal("fetch", async (url: string) => {
    if (url === "/api/login/user")
      return Response.json({ ...player, mainBalance: 100, bonusBalance: 0 });
    if (url === "/api/game/lottery/list") return Response.json(lotteries);
    if (url === "/api/game/lottery/buy/ticket")
      return Response.json({
        status: "ok",
        message: "Ticket purchased successfully!",
        code: lottery.code,
        betAmount: 25,
        myLotteryNumber: 7,
        mainBalance: 75,
        bonusBalance: 0,
      });
    return Response.json({});
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStore.clear();
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
