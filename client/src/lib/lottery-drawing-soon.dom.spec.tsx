import { markSignedIn } from "@igp/test-support/signed-in-cookie.ts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeProvider } from "../components/ui/notice.tsx";
import "./i18n.ts";
import { PlayerChannel } from "./player-channel.tsx";
import { SessionProvider } from "./session.tsx";

/**
 * `lotteryDrawingSoon` on the player channel (docs/realtime.md): the spec's notice, titled with
 * the lottery, and 'Watch the drawing' to its page; on a round page the notice alone. The
 * channel is a stand-in that fires the SDK's hooks (the real channel: lottery.room.http.spec.ts).
 */
class StandInChannel {
  private readonly hooks = new Map<string, (message: unknown) => void>();
  onMessage(type: string, fn: (message: unknown) => void) {
    this.hooks.set(type, fn);
  }
  onDrop() {}
  onReconnect() {}
  onLeave() {}
  async leave() {}
  get joined() {
    return this.hooks.has("lotteryDrawingSoon");
  }
  message(type: string, message: unknown) {
    act(() => this.hooks.get(type)?.(message));
  }
}

let channel: StandInChannel | null = null;
vi.mock("./realtime.ts", async (original) => ({
  // The SDK calls stood in for; the rest (LEFT_BY_CHOICE) as it is.
  ...(await original<typeof import("./realtime.ts")>()),
  joinOrCreateRoom: vi.fn(async () => {
    channel = new StandInChannel();
    return channel;
  }),
}));

const SOON = { code: "BIGDRAW1", title: "Big Draw", drawAt: Date.now() + 5_000 };

beforeEach(() => {
  channel = null;
  markSignedIn();
  vi.stubGlobal("fetch", async (url: string) =>
    url === "/api/login/user"
      ? Response.json({
          userId: "u1",
          fullName: "Abebe",
          userName: null,
          role: "user",
          mainBalance: 100,
          bonusBalance: 0,
        })
      : Response.json({ message: "Not found" }, { status: 404 }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  markSignedIn(false);
});

/** The site at `path`, the player's channel joined. */
async function openAt(path: string) {
  render(
    <SessionProvider>
      <NoticeProvider>
        <MemoryRouter initialEntries={[path]}>
          <PlayerChannel />
          <Routes>
            <Route path="/play/instant/lottery/:code" element={<h1>Lottery page</h1>} />
            <Route path="/play/instant/coin-flip/:id" element={<h1>Coin flip round</h1>} />
            <Route path="*" element={<h1>Elsewhere</h1>} />
          </Routes>
        </MemoryRouter>
      </NoticeProvider>
    </SessionProvider>,
  );
  await waitFor(() => expect(channel?.joined).toBe(true));
  return channel!;
}

/** The notice, once its dialog (loaded on first use) shows. */
const notice = () => screen.findByRole("alertdialog", { name: "Big Draw" }, { timeout: 10_000 });

describe("a holder told that a lottery's drawing starts", { timeout: 20_000 }, () => {
  it("anywhere in the site: the notice, and 'Watch the drawing' opens the lottery's page", async () => {
    const live = await openAt("/dashboard/profile");
    live.message("lotteryDrawingSoon", SOON);
    const shown = await notice();
    expect(shown.textContent).toContain("The drawing starts in 5 seconds.");
    // Behind the notice (hidden from assistive technology while it is open).
    expect(screen.getByRole("heading", { name: "Elsewhere", hidden: true })).toBeTruthy();
    fireEvent.click(within(shown).getByRole("button", { name: "Watch the drawing" }));
    expect(await screen.findByRole("heading", { name: "Lottery page" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("inside a coin flip round: the notice alone, the round stays", async () => {
    const live = await openAt("/play/instant/coin-flip/ROUND123");
    live.message("lotteryDrawingSoon", SOON);
    const shown = await notice();
    expect(shown.textContent).toContain("The drawing starts in 5 seconds.");
    expect(within(shown).queryByRole("button", { name: "Watch the drawing" })).toBeNull();
    fireEvent.click(within(shown).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByRole("heading", { name: "Coin flip round" })).toBeTruthy();
  });
});
