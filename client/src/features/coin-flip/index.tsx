import { useTranslation } from "react-i18next";
import { Navigate } from "react-router-dom";
import { useSession } from "../../lib/session.tsx";
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
  const { t } = useTranslation();
  const { user, loading } = useSession();
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user) return <Navigate to="/auth/login" replace />;
  return (
    <main className="page coin-flip">
      {screen === "lobby" && <CoinFlipLobbyPage />}
      {screen === "tables" && <CoinFlipTablesPage />}
      {screen === "game" && <CoinFlipGamePage />}
      {screen === "private" && <CreatePrivatePage />}
    </main>
  );
}
