import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { SignedInOnly } from "../../components/signed-in-only.tsx";

const DEMO_GAMES = ["flip-coin", "spin-wheel", "lottery"];

/**
 * Game and demo screens arrive with the games (issue "Coin Flip end to end" and its followers).
 * Their routes exist now: a visitor without a token goes to /auth/login; a demo of an unknown
 * game says 'Game not found'.
 */
export function GameRoute({ demo = false }: { demo?: boolean }) {
  const { t } = useTranslation();
  const { game } = useParams();
  if (demo && game && !DEMO_GAMES.includes(game)) {
    return <main className="page">{t("games.notFound")}</main>;
  }
  const page = (
    <main className="page">
      <p>{t("games.arrivingSoon")}</p>
      <Link to="/">{t("nav.home")}</Link>
    </main>
  );
  return demo ? page : <SignedInOnly>{page}</SignedInOnly>;
}
