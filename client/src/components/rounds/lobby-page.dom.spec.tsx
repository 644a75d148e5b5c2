import type { LobbyRoundView } from "@igp/shared";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "./game-texts.ts";
import { switchLanguage } from "../../lib/i18n.ts";
import { formatMoney } from "../../lib/money.ts";
import { LobbyPage } from "./lobby-page.tsx";

const NOW = Date.parse("2026-11-20T10:00:00.000Z");
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await switchLanguage("en");
});

const lobby = (rounds: LobbyRoundView[], game: "coin-flip" | "spin-wheel" = "coin-flip") =>
  render(
    <MemoryRouter>
      <LobbyPage game={game} title="Lobby" listing={{ kind: "live", rounds }} />
    </MemoryRouter>,
  );

const round = (fields: Partial<LobbyRoundView>): LobbyRoundView => ({
  code: "ABCDEFGH",
  type: "coin-flip",
  side: "T",
  betAmount: 12.5,
  winUpTo: 22.5,
  players: 1,
  deadline: NOW + 3 * 60_000 + 12_000,
  createdBy: "u1",
  heldNumbers: [],
  ...fields,
});

/** A listed round's card, its parts in the order they are read. */
const card = (code: string) => document.querySelector<HTMLElement>(`[data-code="${code}"]`)!;
const parts = (element: HTMLElement) =>
  [...element.children].map((child) => spaced(child.textContent ?? ""));
/** One plain space for any run of spaces (currency formats put a no-break space). */
const spaced = (text: string) => text.replace(/\s+/g, " ").trim();
const money = (amount: number, language = "en") => spaced(formatMoney(amount, language));

describe("an empty lobby", () => {
  it("calls the player to start a game others can join, at the tables", () => {
    lobby([]);
    expect(
      screen.getByText("No public games available right now. Start one and others can join."),
    ).toBeTruthy();
    const create = screen.getByRole("link", { name: "Create a game" });
    expect(create.getAttribute("href")).toBe("/play/instant/coin-flip");
    expect(create.className).toBe("button");
  });

  it("says it in Amharic", async () => {
    await switchLanguage("am");
    lobby([], "spin-wheel");
    expect(screen.getByText("አሁን ምንም ክፍት ጨዋታ የለም። አንድ ይጀምሩ፤ ሌሎች ተጫዋቾች ይቀላቀላሉ።")).toBeTruthy();
    expect(screen.getByRole("link", { name: "ጨዋታ ይፍጠሩ" }).getAttribute("href")).toBe(
      "/play/instant/spin-wheel",
    );
  });
});

describe("a public round's card", () => {
  it("leads with what a joiner wins and the time left to join, then the game and its terms", () => {
    lobby([round({})]);
    const listed = card("ABCDEFGH");
    const [win, when, game, terms, play] = parts(listed);
    expect([win, when, game]).toEqual([`Win ${money(22.5)}`, "Closes in 03:12", "Coin Flip"]);
    expect(terms).toContain(`Bet Amount: ${money(12.5)}`);
    expect(terms).toContain("You play Heads (H)");
    expect(play).toBe("Play");
    act(() => vi.advanceTimersByTime(1_000));
    expect(within(listed).getByRole("timer", { name: "Closes in" }).textContent).toBe("03:11");
  });

  it("a spin wheel wins at most the full wheel's pot, and says so", () => {
    lobby(
      [round({ type: "spin-wheel", side: "", betAmount: 5, winUpTo: 27, heldNumbers: [1, 2] })],
      "spin-wheel",
    );
    expect(parts(card("ABCDEFGH"))[0]).toBe(`Win up to ${money(27)} with all six numbers held`);
  });

  it("in Amharic", async () => {
    await switchLanguage("am");
    lobby([round({})]);
    expect(parts(card("ABCDEFGH")).slice(0, 2)).toEqual([
      `${money(22.5, "am")} ያሸንፉ`,
      "የሚዘጋው በ 03:12",
    ]);
  });
});
