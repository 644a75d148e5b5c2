import type { CoinFlipGame, CoinMessage, InstantGameEntry } from "@igp/shared";
import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../../components/ui/notice.tsx";
import "../../lib/i18n.ts";
import "../../components/rounds/game-texts.ts";
import { SessionProvider } from "../../lib/session.tsx";
import { CoinResult } from "./coin-result.tsx";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { CreateView } from "./create-view.tsx";
import { RoundView } from "./round-view.tsx";

// Component tests answer the API calls themselves (no server here); the browser journey
// (game-server/test/e2e/coin-flip.e2e.spec.ts) plays real rounds. A round's live room is a
// stand-in that stays connected and silent (as in lib/rounds/use-round-room.dom.spec.tsx).
vi.mock("../../lib/realtime.ts", async (original) => ({
  // The SDK calls stood in for; the rest (LEFT_BY_CHOICE) as it is.
  ...(await original<typeof import("../../lib/realtime.ts")>()),
  preloadRealtime: vi.fn(async () => {}),
  joinRoomById: vi.fn(async () => ({
    onStateChange() {},
    onMessage() {},
    onDrop() {},
    onReconnect() {},
    onLeave() {},
    send() {},
    async leave() {},
  })),
}));

const ME = "player-b";
const calls: { url: string; body: unknown }[] = [];
/** The answer to each API path; anything else answers `{}`. */
let answers: Record<string, { status: number; body: unknown }> = {};
beforeEach(() => {
  calls.length = 0;
  answers = {
    "/api/login/user": {
      status: 200,
      body: {
        userId: ME,
        fullName: "Biniam",
        userName: null,
        role: "user",
        mainBalance: 100,
        bonusBalance: 0,
      },
    },
  };
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[url] ?? { status: 200, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  markSignedIn(false);
});

const table: InstantGameEntry = {
  id: 3,
  type: "coin-flip",
  betAmount: 20,
  winUpTo: 36,
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

/** A round someone else opened on Heads, waiting for a second player. */
const waiting: CoinFlipGame = {
  code: "ABCD2345",
  status: "waiting",
  access: "public",
  instantId: 3,
  createdBy: "player-a",
  createdAt: "2026-11-20T10:00:00.000Z",
  gameWaitingTime: 5,
  deadline: "2099-01-01T00:00:00.000Z",
  betAmount: 20,
  winPercentCut: 10,
  playerWithChoice: [{ player: "player-a", selectedSide: "H" }],
  fairness: {
    roundId: "round-1",
    commitment: "c".repeat(64),
    clientSeeds: [],
    serverSeed: null,
    outcome: null,
  },
};

const screenAt = (node: ReactNode, path = "/") =>
  render(
    <SessionProvider>
      <NoticeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={node} />
            <Route path="/play/instant/coin-flip/lobby" element={<p>the lobby</p>} />
            <Route path="/play/instant/coin-flip/:code" element={<p>round screen</p>} />
          </Routes>
        </MemoryRouter>
      </NoticeProvider>
    </SessionProvider>,
  );

const posts = () => calls.filter((call) => call.body);
const side = (name: "Heads (H)" | "Tails (T)", within: HTMLElement = document.body) =>
  [...within.querySelectorAll<HTMLButtonElement>("button.side")].find(
    (button) => button.textContent === name,
  )!;

describe("the new-game view of a free table", () => {
  it("warns when locking no side, and sends nothing", async () => {
    screenAt(<CreateView table={table} />);
    fireEvent.click(screen.getByRole("button", { name: "Lock Selection" }));
    const notice = await screen.findByRole("alertdialog", { name: "Side is not selected" });
    expect(notice.textContent).toContain("Please select your lucky side and lock the selection");
    expect(posts()).toEqual([]);
  });

  it("marks the side picked, locks it on the table and opens the new round", async () => {
    answers["/api/game/coin-flip/create"] = {
      status: 200,
      body: { gameCode: "WXYZ6789", game: { ...waiting, code: "WXYZ6789", createdBy: ME } },
    };
    screenAt(<CreateView table={table} />);
    fireEvent.click(side("Tails (T)"));
    expect(side("Tails (T)").getAttribute("aria-pressed")).toBe("true");
    expect(side("Heads (H)").getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Lock Selection" }));
    expect(await screen.findByText("round screen")).toBeTruthy();
    expect(posts()).toEqual([
      {
        url: "/api/game/coin-flip/create",
        body: { instantId: 3, selectedSide: "T", clientSeed: expect.any(String) },
      },
    ]);
  });

  it("says why a lock was refused, and goes back to the lobby", async () => {
    answers["/api/game/coin-flip/create"] = {
      status: 400,
      body: { message: "Insufficient balance." },
    };
    screenAt(<CreateView table={table} />);
    fireEvent.click(side("Heads (H)"));
    fireEvent.click(screen.getByRole("button", { name: "Lock Selection" }));
    const notice = await screen.findByRole("alertdialog", { name: "Error" });
    expect(notice.textContent).toContain("Insufficient balance.");
    expect(await screen.findByText("the lobby")).toBeTruthy();
  });
});

describe("the private game form", () => {
  it("asks for a bet, then a side, with the spec's messages, sending nothing", async () => {
    screenAt(<CreatePrivatePage />);
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    expect(await screen.findByText("Please enter a valid bet amount.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Bet Amount"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    expect(await screen.findByText("Please select a side (Heads or Tails).")).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("creates a private round with the bet and the side picked", async () => {
    answers["/api/game/private/create"] = { status: 404, body: { message: "Game not found." } };
    screenAt(<CreatePrivatePage />);
    fireEvent.change(screen.getByLabelText("Bet Amount"), { target: { value: "12.50" } });
    fireEvent.click(side("Heads (H)"));
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    expect(
      await screen.findByText("Failed to create the game. Please try again. Game not found."),
    ).toBeTruthy();
    expect(posts()).toEqual([
      {
        url: "/api/game/private/create",
        body: {
          gameType: "coin-flip",
          access: "private",
          betAmount: 12.5,
          selectedSide: "H",
          clientSeed: expect.any(String),
        },
      },
    ]);
  });

  it("sends one create however often Create Game is pressed while its check loads", async () => {
    answers["/api/game/private/create"] = { status: 404, body: { message: "Game not found." } };
    screenAt(<CreatePrivatePage />);
    fireEvent.change(screen.getByLabelText("Bet Amount"), { target: { value: "20" } });
    fireEvent.click(side("Tails (T)"));
    for (let press = 0; press < 3; press++)
      fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    expect(await screen.findByText(/Failed to create the game/)).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });
});

describe("the joiner's view of a waiting round", () => {
  beforeEach(() => {
    markSignedIn();
    answers["/api/game/coin-flip/get/ABCD2345"] = { status: 200, body: waiting };
  });

  it("offers the other side for the stake, and the creator's side as the opponent's", async () => {
    screenAt(<RoundView code="ABCD2345" />);
    const ask = await screen.findByRole("alertdialog", { name: "Join this game?" });
    expect(within(ask).getByTestId("join-terms").textContent).toMatch(
      /^Join for ETB\s20\.00: you will be Tails \(T\)$/,
    );
    const view = document.querySelector<HTMLElement>(".round-view")!;
    expect(view.textContent).toContain("Waiting for a second player");
    // Until the join, my picker holds nothing; the seat above says the side I would get.
    const [mine, theirs] = [...view.querySelectorAll<HTMLElement>(".side-picker")];
    expect(mine!.querySelector("legend")!.textContent).toBe("Your selection");
    expect(mine!.querySelectorAll('[aria-pressed="true"]')).toHaveLength(0);
    expect(theirs!.querySelector("legend")!.textContent).toBe("Opponent selection");
    expect(side("Heads (H)", theirs).getAttribute("aria-pressed")).toBe("true");
    expect(view.querySelector(".stage-seat-mine")!.textContent).toBe("YouTails (T)");
    expect(posts()).toEqual([]);
  });

  it("joins on Join (the stake is taken by the server), and Cancel takes nothing", async () => {
    answers["/api/game/coin-flip/join"] = { status: 400, body: { message: "Game is full." } };
    screenAt(<RoundView code="ABCD2345" />);
    const ask = await screen.findByRole("alertdialog", { name: "Join this game?" });
    fireEvent.click(within(ask).getByRole("button", { name: "Join" }));
    const refused = await screen.findByRole("alertdialog", { name: "Error" });
    expect(refused.textContent).toContain("Game is full.");
    expect(posts()).toEqual([
      {
        url: "/api/game/coin-flip/join",
        body: { code: "ABCD2345", clientSeed: expect.any(String) },
      },
    ]);

    cleanup();
    calls.length = 0;
    screenAt(<RoundView code="ABCD2345" />);
    const again = await screen.findByRole("alertdialog", { name: "Join this game?" });
    fireEvent.click(within(again).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("the lobby")).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it("a finished round says what was drawn and whether I won", async () => {
    const finished: CoinFlipGame = {
      ...waiting,
      status: "finished",
      playerWithChoice: [...waiting.playerWithChoice, { player: ME, selectedSide: "T" }],
      fairness: { ...waiting.fairness, serverSeed: "s".repeat(64), outcome: "H" },
    };
    answers["/api/game/coin-flip/get/ABCD2345"] = { status: 200, body: finished };
    screenAt(<RoundView code="ABCD2345" />);
    const line = (await screen.findByText(/^Outcome:/)).closest("p")!;
    expect(line.textContent?.replace(/\s+/g, " ")).toBe(
      "Outcome: H · You lost · Verify this round",
    );
    expect(within(line).getByRole("link").getAttribute("href")).toBe("/fair?code=ABCD2345");
  });
});

describe("the result overlay", () => {
  // happy-dom has no canvas: PixiJS cannot start, the coin lands at once and the cause is logged.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
  const result = (coin: "H" | "T", previous: ("H" | "T")[] = []): CoinMessage => ({
    coin,
    game: { ...waiting, status: "finished" },
    previousWinningCoins: previous,
    payout: 36,
    winner: coin === "H" ? "player-a" : ME,
  });
  const overlay = (node: ReactNode) =>
    render(
      <SessionProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </SessionProvider>,
    );

  it("names my side and the opponent's, then says I won once the coin lands on mine", async () => {
    const landed = vi.fn();
    overlay(<CoinResult result={result("T", ["H", "T"])} mySide="T" onLanded={landed} />);
    const panel = screen.getByRole("dialog", { name: "Coin Flip result" });
    expect(panel.querySelector(".sides")!.textContent?.replace(/\s+/g, " ")).toBe(
      "Your side: T · Opponent side: H",
    );
    expect(panel.querySelector(".game-code")!.textContent).toBe("Game code: ABCD2345");
    expect([...panel.querySelectorAll(".history-list li")].map((li) => li.textContent)).toEqual([
      "H",
      "T",
    ]);
    expect((await screen.findByTestId("verdict")).textContent).toBe("You won!");
    expect(landed).toHaveBeenCalledOnce();
    expect(
      within(panel).getByRole("link", { name: "Verify this round" }).getAttribute("href"),
    ).toBe("/fair?code=ABCD2345");
  });

  it("says I lost when the coin lands on the other side, and that there is no history yet", async () => {
    overlay(<CoinResult result={result("H")} mySide="T" onLanded={() => {}} />);
    expect((await screen.findByTestId("verdict")).textContent).toBe("You lost");
    expect(screen.getByText("No previous games.")).toBeTruthy();
  });

  it("gives a watcher no side and no verdict", async () => {
    const landed = vi.fn();
    overlay(<CoinResult result={result("H")} mySide={null} onLanded={landed} />);
    await waitFor(() => expect(landed).toHaveBeenCalledOnce());
    expect(document.querySelector(".sides")).toBeNull();
    expect(screen.queryByTestId("verdict")).toBeNull();
  });
});
