import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConnectionNotice } from "../../components/ui/connection-notice.tsx";
import "../i18n.ts";
import { joinRoomById } from "../realtime.ts";
import { type RoundStateBase, useRoundRoom } from "./use-round-room.ts";

/**
 * The round room hook's connection (issue 15): the SDK's own reconnection shows "reconnecting"
 * and back; a room lost for good (its server process died) is joined again by code; leaving on
 * purpose is not a loss. The SDK room is a stand-in that fires the SDK's hooks.
 */
class StandInRoom {
  private readonly hooks = new Map<string, (...args: unknown[]) => void>();
  left = false;
  constructor(readonly label: string) {}
  onStateChange(fn: (state: unknown) => void) {
    this.hooks.set("state", fn);
  }
  onMessage() {}
  onDrop(fn: () => void) {
    this.hooks.set("drop", fn);
  }
  onReconnect(fn: () => void) {
    this.hooks.set("reconnect", fn);
  }
  onLeave(fn: (code: number) => void) {
    this.hooks.set("leave", fn as (...args: unknown[]) => void);
  }
  fire(hook: string, ...args: unknown[]) {
    act(() => this.hooks.get(hook)?.(...args));
  }
  async leave() {
    this.left = true;
  }
  send() {}
}

const joined: StandInRoom[] = [];
vi.mock("../realtime.ts", async (original) => ({
  // The SDK calls stood in for; the rest (LEFT_BY_CHOICE) as it is.
  ...(await original<typeof import("../realtime.ts")>()),
  preloadRealtime: vi.fn(async () => {}),
  joinRoomById: vi.fn(async () => {
    const room = new StandInRoom(`room ${joined.length + 1}`);
    joined.push(room);
    return room;
  }),
}));

function Watch({ roundOpen = true }: { roundOpen?: boolean }) {
  const live = useRoundRoom<RoundStateBase, "coin">("ABCD2345", "coin");
  return (
    <div>
      <span data-testid="connection">{live.connection}</span>
      <ConnectionNotice connection={live.connection} roundOpen={roundOpen} />
    </div>
  );
}

afterEach(() => {
  cleanup();
  joined.length = 0;
});

describe("a round room's connection", () => {
  it("shows that it is reconnecting while the SDK brings the socket back", async () => {
    render(<Watch />);
    await waitFor(() => expect(screen.getByTestId("connection").textContent).toBe("live"));
    joined[0]!.fire("drop", 1006);
    expect(screen.getByRole("status").textContent).toBe("Connection lost. Reconnecting…");
    joined[0]!.fire("reconnect");
    expect(screen.getByTestId("connection").textContent).toBe("live");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("joins the round again by code when its room was lost (its process died)", async () => {
    render(<Watch />);
    await waitFor(() => expect(joined).toHaveLength(1));
    joined[0]!.fire("leave", 4003);
    expect(screen.getByTestId("connection").textContent).toBe("reconnecting");
    await waitFor(() => expect(joined).toHaveLength(2), { timeout: 3_000 });
    await waitFor(() => expect(screen.getByTestId("connection").textContent).toBe("live"));
  });

  it("does not come back after leaving on purpose", async () => {
    const view = render(<Watch />);
    await waitFor(() => expect(joined).toHaveLength(1));
    joined[0]!.fire("leave", 4000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(joined).toHaveLength(1);
    view.unmount();
    expect(joined[0]!.left).toBe(false);
  });

  it("says it cannot connect when no websocket gets through while the round is open (not a spinner)", async () => {
    // What the SDK does behind a proxy that strips the upgrade headers (deploy/proxy-topology.http.spec.ts).
    vi.mocked(joinRoomById).mockRejectedValueOnce(new Error("MatchMakeError"));
    render(<Watch />);
    await waitFor(() => expect(screen.getByTestId("connection").textContent).toBe("closed"));
    expect(screen.getByRole("alert").textContent).toBe(
      "Cannot connect to the live game. Check your connection and reload the page.",
    );
  });

  it("says nothing when the room is gone because the round is over", async () => {
    vi.mocked(joinRoomById).mockRejectedValueOnce(new Error("room not found"));
    render(<Watch roundOpen={false} />);
    await waitFor(() => expect(screen.getByTestId("connection").textContent).toBe("closed"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
