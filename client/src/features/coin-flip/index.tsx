import { useTranslation } from "react-i18next";
import { type RoundScreen, RoundScreens } from "../../components/rounds/round-screens.tsx";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { CoinFlipGamePage } from "./game-page.tsx";

/** The coin flip screens (a lazy chunk: PixiJS and sounds come with it). Sign-in required. */
export default function CoinFlipScreens({ screen }: { screen: RoundScreen }) {
  const { t } = useTranslation();
  return (
    <RoundScreens
      game="coin-flip"
      screen={screen}
      lobbyTitle={t("coinFlip.lobby")}
      gamePage={<CoinFlipGamePage />}
      privatePage={<CreatePrivatePage />}
    />
  );
}
