import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

const GAMES = [
  {
    key: "coinFlip",
    slug: "coin-flip",
    instant: "/play/instant/coin-flip/lobby",
    demo: "/demo/game/flip-coin",
  },
  {
    key: "spinWheel",
    slug: "spin-wheel",
    instant: "/play/instant/spin-wheel/lobby",
    demo: "/demo/game/spin-wheel",
  },
  { key: "lottery", slug: "lottery", instant: "/play/instant/lottery", demo: "/demo/game/lottery" },
] as const;

/** The three games as cards: to their lobbies (home, instant) or their demos. */
export function GamesList({ id, mode }: { id?: string; mode: "home" | "instant" | "demo" }) {
  const { t } = useTranslation();
  const heading =
    mode === "demo"
      ? t("games.demoTitle")
      : mode === "instant"
        ? t("games.instantTitle")
        : t("games.title");
  return (
    <section id={id} className="games">
      <h2>{heading}</h2>
      <ul className="game-cards">
        {GAMES.map((game) => {
          const title = t(`games.${game.key}`);
          const isLottery = game.key === "lottery";
          const label =
            mode === "demo"
              ? isLottery
                ? t("games.buyLotteryDemo")
                : t("games.playDemo", { title })
              : isLottery
                ? t("games.buyLottery")
                : t("games.play", { title });
          return (
            <li key={game.key} className={`card game-card game-${game.slug}`}>
              <h3>{title}</h3>
              <Link className="button" to={mode === "demo" ? game.demo : game.instant}>
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
