import { useTranslation } from "react-i18next";

/** The ten recovery codes of a new authenticator, shown once, until the person says they kept them. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved(): void }) {
  const { t } = useTranslation();
  return (
    <main className="page auth-page">
      <section className="card">
        <h1>{t("auth.recoveryTitle")}</h1>
        <p>{t("auth.recoveryHint")}</p>
        <ol className="recovery-codes" aria-label={t("auth.recoveryTitle")}>
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <button type="button" className="button" onClick={onSaved}>
          {t("auth.recoverySaved")}
        </button>
      </section>
    </main>
  );
}
