import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The auditor's export button (docs/audit.md): the whole ledger or the days chosen, as the signed
 * file set the offline verifier checks. A plain link: the browser writes the server's stream
 * straight to disk, whatever the ledger's size (a fetched blob would hold it all in memory).
 */
export function LedgerExportForm() {
  const { t } = useTranslation();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const reversed = from !== "" && to !== "" && from > to;
  const query = new URLSearchParams();
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  const href = `/api/admin/ledger/export${query.size ? `?${query}` : ""}`;
  return (
    <section className="card ledger-box" aria-labelledby="ledger-export">
      <h2 id="ledger-export">{t("ledger.export.title")}</h2>
      <p>{t("ledger.export.intro")}</p>
      <div className="report-range">
        <label>
          {t("ledger.export.from")}
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {t("ledger.export.to")}
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        {reversed ? (
          <span className="field-error" role="alert">
            {t("ledger.export.reversed")}
          </span>
        ) : (
          <a className="button" href={href} download>
            {t(from || to ? "ledger.export.period" : "ledger.export.whole")}
          </a>
        )}
      </div>
      <p className="muted">{t("ledger.export.verify")}</p>
    </section>
  );
}
