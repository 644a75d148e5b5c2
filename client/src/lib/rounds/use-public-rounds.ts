import type { Room } from "@colyseus/sdk";
import type { LobbyRoundView, RoundGameType } from "@igp/shared";
import { useEffect, useState } from "react";
import { api } from "../api-client.ts";
import { usePageAnswer } from "../page-data.tsx";

export type Listing =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "live"; rounds: LobbyRoundView[] };

/**
 * The live list of one game's public rounds still open to players. The first list comes with
 * the page the server rendered, or over HTTP (one request, no realtime code needed to paint it);
 * the lobby room's state keeps it live after, its SDK loading meanwhile.
 */
export function usePublicRounds(game: RoundGameType): Listing {
  const rendered = usePageAnswer<LobbyRoundView[]>(lobbyListPath(game));
  const [listing, setListing] = useState<Listing>(() =>
    rendered ? listed(rendered) : { kind: "loading" },
  );
  const renderedWithList = Boolean(rendered);
  useEffect(() => {
    let room: Room | null = null;
    let active = true;
    let live = false;
    const show = (rounds: LobbyRoundView[]) => setListing(listed(rounds));
    if (!renderedWithList)
      api<LobbyRoundView[]>(lobbyListPath(game)).then(
        (rounds) => active && !live && show(rounds),
        () => {},
      );
    const join = (attempt: number) =>
      import("./lobby-room.ts")
        .then(({ joinLobby }) =>
          joinLobby((rounds) => {
            if (!active) return;
            live = true;
            show(rounds.filter((round) => round.type === game));
          }),
        )
        .then(
          (joined) => {
            room = joined;
            if (!active) return void joined.leave();
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
  }, [game, renderedWithList]);
  return listing;
}

/** The rounds, those closing first on top. */
const listed = (rounds: LobbyRoundView[]): Listing => ({
  kind: "live",
  rounds: [...rounds].sort((a, b) => a.deadline - b.deadline),
});

/** The first list's address (public: the lobby's prerendered page preloads it, src/prerender.tsx). */
export const lobbyListPath = (game: RoundGameType) => `/api/instant/game/${game}/lobby`;

/**
 * Colyseus' close code for a client that left on purpose (`room.leave()`); realtime.ts has it too,
 * but the lobby's first download imports no realtime code (lobby-room.ts loads it).
 */
const LEFT_BY_CHOICE = 4000;
/** Waits before joining a lost lobby again. */
const REJOIN_WAITS_MS = [1_000, 2_000, 5_000, 10_000];
