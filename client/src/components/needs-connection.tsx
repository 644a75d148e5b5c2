import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

/**
 * What a page of the player's account shows offline (it cannot load the account), instead of
 * sending the player to sign in: it needs a connection; the demos play without one.
 */
export function NeedsConnection() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="card needs-connection" role="alert">
        <h2>{t("offline.title")}</h2>
        <p>{t("offline.needsConnection")}</p>
        <Link className="button" to="/demo">
          {t("offline.openDemos")}
        </Link>
      </section>
    </main>
  );
}
