import { useTranslation } from "react-i18next";
import { LobbyPage } from "../../components/rounds/lobby-page.tsx";
import { TablesPage } from "../../components/rounds/tables-page.tsx";
import { SignedInOnly } from "../../components/signed-in-only.tsx";
import { preloadRealtime } from "../../lib/realtime.ts";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { CoinFlipGamePage } from "./game-page.tsx";

/** The coin flip screens (a lazy chunk: PixiJS and sounds come with it). Sign-in required. */
export default function CoinFlipScreens({
  screen,
}: {
  screen: "lobby" | "tables" | "game" | "private";
}) {
  const { t } = useTranslation();
  // The realtime SDK loads while the session is still being checked, not after it.
  void preloadRealtime();
  return (
    <SignedInOnly>
      <main className="page coin-flip">
        {screen === "lobby" && <LobbyPage game="coin-flip" title={t("coinFlip.lobby")} />}
        {screen === "tables" && <TablesPage game="coin-flip" />}
        {screen === "game" && <CoinFlipGamePage />}
        {screen === "private" && <CreatePrivatePage />}
      </main>
    </SignedInOnly>
  );
}
