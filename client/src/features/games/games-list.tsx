import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { gameArt } from "../../lib/game-art.ts";
import "./games.css";

/** The three games: their translation key, type (slug), lobby and demo. */
export const GAMES = [
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

/**
 * The three games as cards with their art: to their lobbies (home, instant) or their demos. Under
 * the home page's h1 it is a section (h2, cards h3); on /instant and /demo it is the page (h1,
 * cards h2).
 */
export function GamesList({ id, mode }: { id?: string; mode: "home" | "instant" | "demo" }) {
  const { t } = useTranslation();
  const heading =
    mode === "demo"
      ? t("games.demoTitle")
      : mode === "instant"
        ? t("games.instantTitle")
        : t("games.title");
  const [Heading, CardHeading] =
    mode === "home" ? (["h2", "h3"] as const) : (["h1", "h2"] as const);
  return (
    <section id={id} className="games">
      <Heading>{heading}</Heading>
      <ul className="game-cards">
        {GAMES.map((game, index) => {
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
            <li key={game.key} className={`card game-tile game-${game.slug}`}>
              {/* The heading names the game: the picture adds nothing to read aloud. */}
              <img
                className="game-art"
                src={gameArt(game.slug)}
                alt=""
                width={240}
                height={180}
                decoding="async"
                // On its own page the first card's art is the largest paint: asked for first.
                fetchPriority={mode !== "home" && index === 0 ? "high" : undefined}
              />
              <CardHeading>{title}</CardHeading>
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
