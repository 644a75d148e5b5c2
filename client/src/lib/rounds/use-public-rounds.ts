import type { Room } from "@colyseus/sdk";
import { type LobbyRoundView, lobbyRoundSchema, ROOMS, type RoundGameType } from "@igp/shared";
import { useEffect, useState } from "react";
import { z } from "zod";
import { joinOrCreateRoom } from "../realtime.ts";

export type Listing =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "live"; rounds: LobbyRoundView[] };

const lobbyStateSchema = z.object({ rounds: z.record(z.string(), lobbyRoundSchema) });

/** The live list of one game's public rounds still open to players (the lobby room's state). */
export function usePublicRounds(game: RoundGameType): Listing {
  const [listing, setListing] = useState<Listing>({ kind: "loading" });
  useEffect(() => {
    let room: Room | null = null;
    let active = true;
    const join = (attempt: number) =>
      joinOrCreateRoom(ROOMS.lobby).then(
        (joined) => {
          room = joined;
          if (!active) return void joined.leave();
          joined.onStateChange((state) => {
            const { rounds } = lobbyStateSchema.parse((state as { toJSON(): unknown }).toJSON());
            const open = Object.values(rounds).filter((round) => round.type === game);
            setListing({ kind: "live", rounds: open.sort((a, b) => a.deadline - b.deadline) });
          });
          // Lists refresh from the state; the message only says a lock happened.
          joined.onMessage("gameLockedSpin", () => {});
          // Lost (its server process went away): another process serves the lobby shortly.
          joined.onLeave((code) => {
            if (!active) return;
            if (code === LEFT_BY_CHOICE || !retry(0)) setListing({ kind: "failed" });
          });
        },
        // The first join failing shows the failure; a rejoin tries again a few times.
        () => {
          if (active && !(attempt > 0 && retry(attempt))) setListing({ kind: "failed" });
        },
      );
    /** Schedules another join; false when there are no attempts left. */
    const retry = (attempt: number) => {
      const wait = REJOIN_WAITS_MS[attempt];
      if (wait === undefined) return false;
      setTimeout(() => active && void join(attempt + 1), wait);
      return true;
    };
    void join(0);
    return () => {
      active = false;
      void room?.leave();
    };
  }, [game]);
  return listing;
}

/** Colyseus' close code for a client that left on purpose (`room.leave()`). */
const LEFT_BY_CHOICE = 4000;
/** Waits before joining a lost lobby again. */
const REJOIN_WAITS_MS = [1_000, 2_000, 5_000, 10_000];
