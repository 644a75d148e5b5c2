import "../../components/rounds/game-texts.ts";
import "./demo-locales.ts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { type DemoGame, isDemoGame } from "./demo-rules.ts";
import { openDemo } from "./demo-wallet.ts";
import { FlipDemo } from "./flip-demo.tsx";
import { LotteryDemo } from "./lottery-demo.tsx";
import { SpinDemo } from "./spin-demo.tsx";
import "./demo.css";

/**
 * /demo/game/{game}: the offline demos (a lazy chunk, precached by the service worker). No sign-in,
 * no network: play money in local storage. Any other game says 'Game not found'.
 */
export default function DemoScreens() {
  const { t } = useTranslation();
  const { game } = useParams();
  if (!isDemoGame(game)) {
    return (
      <main className="page">
        <p role="alert">{t("games.notFound")}</p>
      </main>
    );
  }
  return (
    <main className="page demo">
      <Demo key={game} game={game} />
    </main>
  );
}

function Demo({ game }: { game: DemoGame }) {
  // A round a reload interrupted is paid now; a corrupted store is saved back as the start.
  useEffect(() => openDemo(game), [game]);
  if (game === "flip-coin") return <FlipDemo />;
  if (game === "spin-wheel") return <SpinDemo />;
  return <LotteryDemo />;
}
