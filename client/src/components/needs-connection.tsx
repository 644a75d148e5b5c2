import i18n from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import am from "../locales/offline/am.json";
import en from "../locales/offline/en.json";
import "./needs-connection.css";

// Loaded on demand (only offline), with its texts: they stay out of the first page's JavaScript.
i18n.addResourceBundle("en", "translation", { offline: en }, true, true);
i18n.addResourceBundle("am", "translation", { offline: am }, true, true);

/**
 * What a page of the player's account shows offline (it cannot load the account), instead of
 * sending the player to sign in: it needs a connection; the demos play without one.
 * `unreachable`: online, but the server has not said who is signed in yet (it is asked again,
 * and the page fills in when it answers).
 */
export default function NeedsConnection({ unreachable = false }: { unreachable?: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="card needs-connection" role="alert">
        <h2>{t(unreachable ? "offline.unreachableTitle" : "offline.title")}</h2>
        <p>{t(unreachable ? "offline.unreachable" : "offline.needsConnection")}</p>
        <Link className="button" to="/demo">
          {t("offline.openDemos")}
        </Link>
      </section>
    </main>
  );
}
