import { type RoundScreen, RoundScreens } from "../../components/rounds/round-screens.tsx";
import { CreatePrivatePage } from "./create-private-page.tsx";
import { SpinWheelGamePage } from "./game-page.tsx";

/** The spin wheel screens (a lazy chunk; the wheel's PixiJS loads later still). Sign-in required. */
export default function SpinWheelScreens({ screen }: { screen: RoundScreen }) {
  return (
    <RoundScreens
      game="spin-wheel"
      screen={screen}
      gamePage={<SpinWheelGamePage />}
      privatePage={<CreatePrivatePage />}
    />
  );
}
