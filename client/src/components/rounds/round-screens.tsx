import "./game-texts.ts";
import type { RoundGameType } from "@igp/shared";
import { type ReactNode, useEffect } from "react";
import { RealityCheck } from "../../features/safer-play/reality-check.tsx";
import { preloadRealtime } from "../../lib/realtime.ts";
import { SignedInOnly } from "../signed-in-only.tsx";
import { PrivateGameFrame, RoundFrame } from "./round-frame.tsx";
import { TablesPage } from "./tables-page.tsx";

export type RoundScreen = "tables" | "game" | "private";

/**
 * A round game's screens behind sign-in: the shared tables, and the game's own round page and
 * private game form (the lobby is its own chunk: lobby-screen.tsx).
 */
export function RoundScreens(props: {
  game: RoundGameType;
  screen: RoundScreen;
  gamePage: ReactNode;
  privatePage: ReactNode;
}) {
  // The realtime SDK loads once the screen has painted, while the session may still be checked.
  useEffect(() => void preloadRealtime(), []);
  return (
    // Each screen is prerendered as its frame (src/prerender.tsx): it shows while the session is
    // checked, and needs no user.
    <SignedInOnly
      whileChecking={
        props.screen === "tables" ? (
          "page"
        ) : (
          <main className={`page ${props.game}`}>
            {props.screen === "game" ? (
              <RoundFrame game={props.game} />
            ) : (
              <PrivateGameFrame game={props.game} />
            )}
          </main>
        )
      }
    >
      <main className={`page ${props.game}`}>
        {props.screen === "tables" && <TablesPage game={props.game} />}
        {props.screen === "game" && props.gamePage}
        {props.screen === "private" && props.privatePage}
        <RealityCheck />
      </main>
    </SignedInOnly>
  );
}
