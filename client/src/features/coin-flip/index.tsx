import { SignedInOnly } from "../../components/signed-in-only.tsx";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { CoinFlipGamePage } from "./game-page.tsx";
import { CoinFlipLobbyPage } from "./lobby-page.tsx";
import { CoinFlipTablesPage } from "./tables-page.tsx";

/** The coin flip screens (a lazy chunk: PixiJS and sounds come with it). Sign-in required. */
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
