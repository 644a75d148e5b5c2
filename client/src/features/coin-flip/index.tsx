import { lazy } from "react";
import { SignedInOnly } from "../../components/signed-in-only.tsx";

// One chunk per screen: the lobby does not wait for the round screen's PixiJS and sounds.
const CreatePrivatePage = lazy(() =>
  import("./create-private-page.tsx").then((m) => ({ default: m.CreatePrivatePage })),
);
const CoinFlipGamePage = lazy(() =>
  import("./game-page.tsx").then((m) => ({ default: m.CoinFlipGamePage })),
);
const CoinFlipLobbyPage = lazy(() =>
  import("./lobby-page.tsx").then((m) => ({ default: m.CoinFlipLobbyPage })),
);
const CoinFlipTablesPage = lazy(() =>
  import("./tables-page.tsx").then((m) => ({ default: m.CoinFlipTablesPage })),
);

/** The coin flip screens (lazy chunks, loaded under the layout's Suspense). Sign-in required. */
export default function CoinFlipScreens({
  screen,
}: {
  screen: "lobby" | "tables" | "game" | "private";
}) {
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
