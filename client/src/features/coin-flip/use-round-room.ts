import type { Room } from "@colyseus/sdk";
import { type CoinMessage, coinMessageSchema } from "@igp/shared";
import { useEffect, useState } from "react";
import { joinRoomById } from "../../lib/realtime.ts";

/** The coin flip room's state as docs/realtime.md describes it. */
export interface RoundState {
  code: string;
  access: string;
  status: "waiting" | "player-joined" | "finished" | "expired";
  phase: string;
  betAmount: number;
  createdBy: string;
  createdAt: number;
  deadline: number;
  startsAt: number;
  commitment: string;
  players: { player: string; side: "H" | "T" }[];
  outcome: string;
  winner: string;
  payout: number;
  serverSeed: string;
}

export interface RoundRoom {
  state: RoundState | null;
  coin: CoinMessage | null;
}

/**
 * Watches one round's room by code: live state and the `coin` result. (An expiry shows in the
 * state; its notice comes on the player's own channel.)
 */
export function useRoundRoom(code: string | null): RoundRoom {
  const [room, setRoom] = useState<RoundRoom>({ state: null, coin: null });
  useEffect(() => {
    if (!code) return;
    let joined: Room | null = null;
    let active = true;
    const update = (change: Partial<RoundRoom>) => active && setRoom((r) => ({ ...r, ...change }));
    joinRoomById(code).then(
      (r) => {
        joined = r;
        if (!active) return void r.leave();
        r.onStateChange((state) => update({ state: (state as { toJSON(): RoundState }).toJSON() }));
        r.onMessage("coin", (message) => update({ coin: coinMessageSchema.parse(message) }));
        // Registered so the SDK does not warn of unhandled types: the player channel tells of
        // an expiry, and this view sends nothing that could draw an `error`.
        r.onMessage("noPlayerJoined", () => {});
        r.onMessage("error", () => {});
      },
      // A round whose room is gone (over, or never there) is shown from the API alone.
      () => {},
    );
    return () => {
      active = false;
      void joined?.leave();
    };
  }, [code]);
  return room;
}
