import { useTranslation } from "react-i18next";
import { type RoundScreen, RoundScreens } from "../../components/rounds/round-screens.tsx";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { SpinWheelGamePage } from "./game-page.tsx";

/** The spin wheel screens (a lazy chunk; the wheel's PixiJS loads later still). Sign-in required. */
export default function SpinWheelScreens({ screen }: { screen: RoundScreen }) {
  const { t } = useTranslation();
  return (
    <RoundScreens
      game="spin-wheel"
      screen={screen}
      lobbyTitle={t("spinWheel.lobby")}
      gamePage={<SpinWheelGamePage />}
      privatePage={<CreatePrivatePage />}
    />
  );
}
