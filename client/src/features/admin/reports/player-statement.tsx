import "./reports-texts.ts";
import type { PlayerStatement, ReportRange, StatementMovement } from "@igp/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { api } from "../../../lib/api-client.ts";
import { queryClient } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { ExportButton } from "./export-button.tsx";
import { ReportFailure, rangeQuery } from "./report-query.tsx";
import { ReportTable } from "./report-table.tsx";

/** A player's statement by id (the Players screen links here), 200 movements a page. */
export function PlayerStatementView({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const player = params.get("player") ?? "";
  const [typed, setTyped] = useState(player);
  return (
    <>
      <form
        className="report-player"
        onSubmit={(event) => {
          event.preventDefault();
          const id = typed.trim();
          if (id)
            setParams((before) => {
              before.set("player", id);
              return before;
            });
        }}
      >
        <div className="field">
          <label htmlFor="statement-player">{t("reports.playerId")}</label>
          <input
            id="statement-player"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <p className="hint">{t("reports.playerIdHelp")}</p>
        </div>
        <button type="submit" className="button button-small">
          {t("reports.show")}
        </button>
      </form>
      {player && <Statement playerId={player} range={range} />}
    </>
  );
}

function Statement({ playerId, range }: { playerId: string; range: ReportRange }) {
  const { t } = useTranslation();
  const money = useMoney();
  const query = rangeQuery(range);
  const path = `/api/admin/reports/players/${encodeURIComponent(playerId)}/statement`;
  const pages = useInfiniteQuery<PlayerStatement>(
    {
      queryKey: ["reports", "statement", playerId, query],
      queryFn: ({ pageParam }) =>
        api<PlayerStatement>(`${path}?${query}${pageParam === null ? "" : `&after=${pageParam}`}`),
      initialPageParam: null,
      getNextPageParam: (last) => last.next,
    },
    queryClient,
  );
  if (pages.error) return <ReportFailure error={pages.error} />;
  const first = pages.data?.pages[0];
  if (!first) return <p>{t("common.loading")}</p>;
  const movements = pages.data!.pages.flatMap((page) => page.movements);
  const amount = (key: "main" | "bonus" | "mainBalance" | "bonusBalance") => ({
    header: t(`reports.${key}`),
    cell: (m: StatementMovement) => money(m[key]),
    figure: true,
  });
  return (
    <section aria-label={t("reports.statement")}>
      <h2>{first.playerName ?? playerId}</h2>
      <p>
        {t("reports.openingBalances", {
          main: money(first.opening.main),
          bonus: money(first.opening.bonus),
        })}
      </p>
      <p className="report-actions">
        <ExportButton path={`${path}/export?${query}`} name={`statement-${query}`} />
      </p>
      <ReportTable<StatementMovement>
        columns={[
          { header: t("reports.time"), cell: (m) => new Date(m.at).toLocaleString() },
          {
            header: t("reports.kind"),
            cell: (m) => t(`reports.kinds.${m.kind}`, { defaultValue: m.kind }),
          },
          amount("main"),
          amount("bonus"),
          amount("mainBalance"),
          amount("bonusBalance"),
          { header: t("reports.reference"), cell: (m) => m.reference ?? "—" },
        ]}
        rows={movements}
        rowKey={(m) => String(m.revision)}
        empty={t("reports.noRows")}
      />
      {pages.hasNextPage && (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={pages.isFetchingNextPage}
          onClick={() => pages.fetchNextPage()}
        >
          {t("reports.more")}
        </button>
      )}
    </section>
  );
}
