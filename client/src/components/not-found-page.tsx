import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

/**
 * An address with nothing at it (mistyped, or an old link): says so in the reader's language,
 * with the way home. `game`: an unknown game's address (/play/instant/foo), with the games list.
 */
export default function NotFoundPage({ game = false }: { game?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="card not-found" role="alert">
        <h1>{t(game ? "games.notFound" : "notFound.title")}</h1>
        <p>{t("notFound.text")}</p>
        <div className="card-actions">
          {game && (
            <Link className="button" to="/instant">
              {t("nav.play")}
            </Link>
          )}
          <Link className={game ? "button button-secondary" : "button"} to="/">
            {t("notFound.home")}
          </Link>
        </div>
      </section>
    </main>
  );
}
