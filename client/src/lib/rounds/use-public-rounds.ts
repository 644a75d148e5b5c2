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
        joined.onLeave(() => active && setListing({ kind: "failed" }));
      },
      () => active && setListing({ kind: "failed" }),
    );
    return () => {
      active = false;
      void room?.leave();
    };
  }, [game]);
  return listing;
}
