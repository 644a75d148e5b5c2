import { useTranslation } from "react-i18next";

/** Previous and Next over the explorer's pages (streams, a stream's events). */
export function Pager(props: { page: number; pages: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={t("ledger.stream")}>
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t("ledger.previous")}
      </button>
      <span>
        {props.page} / {props.pages}
      </span>
      <button
        type="button"
        className="button button-small button-secondary"
        disabled={props.page >= props.pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t("ledger.next")}
      </button>
    </nav>
  );
}
