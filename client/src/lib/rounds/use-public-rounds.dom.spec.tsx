import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { usePublicRounds } from "./use-public-rounds.ts";

/** The lobby's list survives the loss of its room (its server process died): it joins again. */
class StandInLobby {
  private readonly hooks = new Map<string, (...args: unknown[]) => void>();
  onStateChange(fn: (state: unknown) => void) {
    this.hooks.set("state", fn);
  }
  onMessage() {}
  onLeave(fn: (code: number) => void) {
    this.hooks.set("leave", fn as (...args: unknown[]) => void);
  }
  fire(hook: string, ...args: unknown[]) {
    act(() => this.hooks.get(hook)?.(...args));
  }
  async leave() {}
}

const lobbies: StandInLobby[] = [];
vi.mock("../realtime.ts", async (original) => ({
  // The SDK calls stood in for; the rest (LEFT_BY_CHOICE) as it is.
  ...(await original<typeof import("../realtime.ts")>()),
  joinOrCreateRoom: vi.fn(async () => {
    const lobby = new StandInLobby();
    lobbies.push(lobby);
    return lobby;
  }),
}));

function Listing() {
  const listing = usePublicRounds("coin-flip");
  return <span data-testid="listing">{listing.kind}</span>;
}

afterEach(() => {
  cleanup();
  lobbies.length = 0;
});

it("joins the lobby again when its room is lost, and not when it left on purpose", async () => {
  render(<Listing />);
  // The lobby module loads first (a dynamic import): slow on a loaded machine too.
  await waitFor(() => expect(lobbies).toHaveLength(1), { timeout: 12_000 });
  lobbies[0]!.fire("state", { toJSON: () => ({ rounds: {} }) });
  expect(screen.getByTestId("listing").textContent).toBe("live");
  lobbies[0]!.fire("leave", 1006);
  // The rejoin waits 1 s, then loads the lobby module again: slow on a loaded machine.
  await waitFor(() => expect(lobbies).toHaveLength(2), { timeout: 12_000 });
  expect(screen.getByTestId("listing").textContent).toBe("live");
  lobbies[1]!.fire("leave", 4000);
  expect(screen.getByTestId("listing").textContent).toBe("failed");
}, 30_000);
