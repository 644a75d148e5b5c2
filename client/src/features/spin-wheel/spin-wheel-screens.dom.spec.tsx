import type { InstantGameEntry } from "@igp/shared";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import "../../components/rounds/game-texts.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { CreateView } from "./create-view.tsx";

// Component tests answer the API calls themselves (no server here); the browser journey
// (game-server/test/e2e/spin-wheel.e2e.spec.ts) plays real rounds.
const calls: { url: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
beforeEach(() => {
  calls.length = 0;
  answer = { status: 200, body: {} };
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table: InstantGameEntry = {
  id: 7,
  type: "spin-wheel",
  betAmount: 5,
  winUpTo: 27,
  players: 0,
  side: null,
  heldNumbers: [],
  code: null,
  status: null,
  gameWaitingTime: 5,
  createdAt: null,
  createdBy: null,
  playerWithChoice: [],
  game: { gameWaitingTime: 5, createdAt: null },
};

const screenAt = (node: ReactNode) =>
  render(
    <SessionProvider>
      <NoticeProvider>
        <MemoryRouter>
          <Routes>
            <Route path="/" element={node} />
            <Route path="/play/instant/spin-wheel/:code" element={<p>round screen</p>} />
          </Routes>
        </MemoryRouter>
      </NoticeProvider>
    </SessionProvider>,
  );

const posts = () => calls.filter((call) => call.body);
const number = (n: number) => screen.getByRole("button", { name: String(n) });

describe("the new-game selection", () => {
  it("warns when locking no number, and sends nothing", async () => {
    screenAt(<CreateView table={table} />);
    fireEvent.click(screen.getByRole("button", { name: "Lock Selection" }));
    expect(await screen.findByText("No Numbers Selected")).toBeTruthy();
    expect(
      screen.getByText("Please select at least one lucky number before locking."),
    ).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("shows my bet as numbers x base bet and locks the chosen numbers", async () => {
    answer = { status: 400, body: { message: "Insufficient balance." } };
    screenAt(<CreateView table={table} />);
    fireEvent.click(number(2));
    fireEvent.click(number(5));
    fireEvent.click(number(3));
    fireEvent.click(number(3)); // an own pick clicked again is released
    expect(screen.getByTestId("figure-my-bet").textContent).toContain("10.00");
    fireEvent.click(screen.getByRole("button", { name: "Lock Selection" }));
    // The spec's lock failure: a warning titled with the server's message.
    expect(await screen.findByText("Insufficient balance.")).toBeTruthy();
    expect(screen.getByText("Please deposit first and try again")).toBeTruthy();
    expect(posts()).toEqual([
      {
        url: "/api/game/spin-wheel/create",
        body: { instantId: 7, selectedNumbers: [2, 5], clientSeed: expect.any(String) },
      },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    // Refused: the selection can change and be locked again.
    await waitFor(() => expect(number(4).hasAttribute("disabled")).toBe(false));
  });
});

describe("the private game form", () => {
  it("asks for a bet and at least one number with the spec's messages", async () => {
    screenAt(<CreatePrivatePage />);
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    expect(await screen.findByText("Please enter a valid bet amount.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Bet Amount"), { target: { value: "2.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    expect(await screen.findByText("Please select at least one number.")).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("creates with the bet and numbers, then opens the round", async () => {
    answer = { status: 404, body: { message: "Game not found." } };
    screenAt(<CreatePrivatePage />);
    fireEvent.change(screen.getByLabelText("Bet Amount"), { target: { value: "2.50" } });
    fireEvent.click(number(6));
    fireEvent.click(number(1));
    expect(screen.getByTestId("figure-my-bet").textContent).toContain("5.00");
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    expect(
      await screen.findByText("Failed to create the game. Please try again. Game not found."),
    ).toBeTruthy();
    expect(posts()[0]?.body).toMatchObject({
      gameType: "spin-wheel",
      access: "private",
      betAmount: 2.5,
      selectedNumbers: [1, 6],
    });
  });
});
