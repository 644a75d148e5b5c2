import "./ledger-texts.ts";
import "../reports/reports.css";
import "./ledger.css";
import { EXPLORER_KINDS, type ExplorerKind, type LedgerStreamsPage } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { BackIcon } from "../../../components/ui/icons.tsx";
import { useApiQuery } from "../../../lib/queries.ts";
import { ReportTable } from "../reports/report-table.tsx";
import { LedgerExportForm } from "./ledger-export-form.tsx";
import { Pager } from "./pager.tsx";
import { StreamView } from "./stream-view.tsx";

/**
 * The ledger explorer (superAdmin, auditor): the streams of one kind, newest first; a stream's
 * events with their hash chain verified in this browser, a balance as of any moment, a round's
 * proof recomputed. The open stream is in the address (`?stream=`), so it can be linked.
 */
export default function LedgerExplorerScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const stream = params.get("stream");
  return (
    <section className="reports ledger-explorer">
      <h1>{t("ledger.title")}</h1>
      <p>{t("ledger.intro")}</p>
      {stream ? (
        <>
          <button type="button" className="link-button" onClick={() => setParams({})}>
            <BackIcon /> {t("ledger.back")}
          </button>
          <StreamView key={stream} streamId={stream} />
        </>
      ) : (
        <>
          <StreamList open={(id) => setParams({ stream: id })} />
          <LedgerExportForm />
        </>
      )}
    </section>
  );
}

function StreamList({ open }: { open(streamId: string): void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ExplorerKind>("wallet");
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ kind, page: String(page) });
  if (search) query.set("search", search);
  const { data, isError } = useApiQuery<LedgerStreamsPage>(
    ["ledger", "streams", kind, search, page],
    `/api/admin/ledger/streams?${query}`,
  );
  return (
    <>
      <form
        className="report-range ledger-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed.trim().toLowerCase());
          setPage(1);
        }}
      >
        <label>
          {t("ledger.kind")}
          <select
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as ExplorerKind);
              setPage(1);
            }}
          >
            {EXPLORER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`ledger.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("ledger.search")}
          <input
            value={typed}
            maxLength={64}
            pattern="[0-9a-fA-F\-]*"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="button">
          {t("ledger.show")}
        </button>
      </form>
      {isError && <p role="alert">{t("ledger.failed")}</p>}
      {data ? (
        <>
          <ReportTable
            rows={data.streams}
            rowKey={(s) => s.streamId}
            empty={t("ledger.noStreams")}
            columns={[
              { header: t("ledger.stream"), cell: (s) => <code>{s.streamId}</code> },
              {
                header:
                  kind === "round" || kind === "lottery" ? t("ledger.game") : t("ledger.owner"),
                cell: (s) => s.owner?.fullName ?? s.game ?? "—",
              },
              { header: t("ledger.events"), cell: (s) => s.events, figure: true },
              {
                header: t("ledger.headHash"),
                cell: (s) => <code title={s.headHash}>{s.headHash.slice(0, 12)}</code>,
              },
              { header: t("ledger.lastAt"), cell: (s) => new Date(s.lastAt).toLocaleString() },
              {
                header: t("admin.columns.actions"),
                cell: (s) => (
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() => open(s.streamId)}
                  >
                    {t("ledger.open")}
                  </button>
                ),
              },
            ]}
          />
          <Pager page={page} pages={data.totalPages} onPage={setPage} />
        </>
      ) : (
        !isError && <p>{t("common.loading")}</p>
      )}
    </>
  );
}
