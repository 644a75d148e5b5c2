import "./game-texts.ts";
import type { RoundGameType } from "@igp/shared";
import type { ReactNode } from "react";
import { RealityCheck } from "../../features/safer-play/reality-check.tsx";
import { preloadRealtime } from "../../lib/realtime.ts";
import { SignedInOnly } from "../signed-in-only.tsx";
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
  // The realtime SDK loads while the session is still being checked, not after it.
  void preloadRealtime();
  return (
    <SignedInOnly>
      <main className={`page ${props.game}`}>
        {props.screen === "tables" && <TablesPage game={props.game} />}
        {props.screen === "game" && props.gamePage}
        {props.screen === "private" && props.privatePage}
        <RealityCheck />
      </main>
    </SignedInOnly>
  );
}
