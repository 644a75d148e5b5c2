import { lazy } from "react";
import { SignedInOnly } from "../../components/signed-in-only.tsx";
import { preloadRealtime } from "../../lib/realtime.ts";

// One chunk per screen: the lobby does not wait for the round screen's PixiJS and sounds.
const load = {
  private: () => import("./create-private-page.tsx"),
  game: () => import("./game-page.tsx"),
  lobby: () => import("./lobby-page.tsx"),
  tables: () => import("./tables-page.tsx"),
};
const CreatePrivatePage = lazy(() =>
  load.private().then((m) => ({ default: m.CreatePrivatePage })),
);
const CoinFlipGamePage = lazy(() => load.game().then((m) => ({ default: m.CoinFlipGamePage })));
const CoinFlipLobbyPage = lazy(() => load.lobby().then((m) => ({ default: m.CoinFlipLobbyPage })));
const CoinFlipTablesPage = lazy(() =>
  load.tables().then((m) => ({ default: m.CoinFlipTablesPage })),
);

/** The coin flip screens (lazy chunks, loaded under the layout's Suspense). Sign-in required. */
export default function CoinFlipScreens({
  screen,
}: {
  screen: "lobby" | "tables" | "game" | "private";
}) {
  // Fetch the screen's code and the realtime SDK while the session is still being checked,
  // instead of one after the other.
  void load[screen]();
  void preloadRealtime();
  return (
    <SignedInOnly>
      <main className="page coin-flip">
        {screen === "lobby" && <CoinFlipLobbyPage />}
        {screen === "tables" && <CoinFlipTablesPage />}
        {screen === "game" && <CoinFlipGamePage />}
        {screen === "private" && <CreatePrivatePage />}
      </main>
    </SignedInOnly>
  );
}
