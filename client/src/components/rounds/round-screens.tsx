import "./game-texts.ts";
import type { RoundGameType } from "@igp/shared";
import type { ReactNode } from "react";
import { preloadRealtime } from "../../lib/realtime.ts";
import { SignedInOnly } from "../signed-in-only.tsx";
import { LobbyPage } from "./lobby-page.tsx";
import { TablesPage } from "./tables-page.tsx";

export type RoundScreen = "lobby" | "tables" | "game" | "private";

/**
 * A round game's four screens behind sign-in: the shared lobby and tables, and the game's own
 * round page and private game form.
 */
export function RoundScreens(props: {
  game: RoundGameType;
  screen: RoundScreen;
  lobbyTitle: string;
  gamePage: ReactNode;
  privatePage: ReactNode;
}) {
  // The realtime SDK loads while the session is still being checked, not after it.
  void preloadRealtime();
  return (
    <SignedInOnly>
      <main className={`page ${props.game}`}>
        {props.screen === "lobby" && <LobbyPage game={props.game} title={props.lobbyTitle} />}
        {props.screen === "tables" && <TablesPage game={props.game} />}
        {props.screen === "game" && props.gamePage}
        {props.screen === "private" && props.privatePage}
      </main>
    </SignedInOnly>
  );
}
