import { useTranslation } from "react-i18next";
import { LobbyPage } from "../../components/rounds/lobby-page.tsx";
import { TablesPage } from "../../components/rounds/tables-page.tsx";
import { SignedInOnly } from "../../components/signed-in-only.tsx";
import { preloadRealtime } from "../../lib/realtime.ts";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { SpinWheelGamePage } from "./game-page.tsx";

/** The spin wheel screens (a lazy chunk; the wheel's PixiJS loads later still). Sign-in required. */
export default function SpinWheelScreens({
  screen,
}: {
  screen: "lobby" | "tables" | "game" | "private";
}) {
  const { t } = useTranslation();
  // The realtime SDK loads while the session is still being checked, not after it.
  void preloadRealtime();
  return (
    <SignedInOnly>
      <main className="page spin-wheel">
        {screen === "lobby" && <LobbyPage game="spin-wheel" title={t("spinWheel.lobby")} />}
        {screen === "tables" && <TablesPage game="spin-wheel" />}
        {screen === "game" && <SpinWheelGamePage />}
        {screen === "private" && <CreatePrivatePage />}
      </main>
    </SignedInOnly>
  );
}
