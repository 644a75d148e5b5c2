import { type RoundScreen, RoundScreens } from "../../components/rounds/round-screens.tsx";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { CoinFlipGamePage } from "./game-page.tsx";

/** The coin flip screens (a lazy chunk: PixiJS and sounds come with it). Sign-in required. */
export default function CoinFlipScreens({ screen }: { screen: RoundScreen }) {
  return (
    <RoundScreens
      game="coin-flip"
      screen={screen}
      gamePage={<CoinFlipGamePage />}
      privatePage={<CreatePrivatePage />}
    />
  );
}
