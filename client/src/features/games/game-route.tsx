import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { SignedInOnly } from "../../components/signed-in-only.tsx";

/**
 * Game screens arrive with the games (issue "Coin Flip end to end" and its followers). Their
 * routes exist now: a visitor without a token goes to /auth/login.
 */
export function GameRoute() {
  const { t } = useTranslation();
  const page = (
    <main className="page">
      <p>{t("games.arrivingSoon")}</p>
      <Link to="/">{t("nav.home")}</Link>
    </main>
  );
  return <SignedInOnly>{page}</SignedInOnly>;
}
