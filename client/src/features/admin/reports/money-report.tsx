import "./reports-texts.ts";
import type { DepositTicking, MoneyReport, MoneyReportRow, ReportRange } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiQuery } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { BarChart } from "../components/bar-chart.tsx";
import { ExportButton } from "./export-button.tsx";
import { ReportFailure, rangeQuery } from "./report-query.tsx";
import { ReportTable } from "./report-table.tsx";

/** Deposits and withdrawals per day and method; a bank's approved deposits of a day to tick. */
export function MoneyReportView({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [ticking, setTicking] = useState<{ day: string; bankName: string } | null>(null);
  const query = rangeQuery(range);
  const { data, error } = useApiQuery<MoneyReport>(
    ["reports", "money", query],
    `/api/admin/reports/money?${query}`,
  );
  if (error) return <ReportFailure error={error} />;
  if (!data) return <p>{t("common.loading")}</p>;
  const method = (r: MoneyReportRow) =>
    r.method === "bank"
      ? [r.bankName, r.accountNumber].filter(Boolean).join(" · ")
      : r.agentId
        ? t("reports.agentCash", { name: r.agentName ?? r.agentId.slice(0, 8) })
        : t("reports.agentPending");
  const approvedDeposits = new Map<string, number>();
  for (const row of data.rows)
    if (row.flow === "deposit")
      approvedDeposits.set(
        row.day,
        (approvedDeposits.get(row.day) ?? 0) + Math.round(row.approvedAmount * 100),
      );
  return (
    <>
      <p className="report-actions">
        <ExportButton path={`/api/admin/reports/money/export?${query}`} name={`money-${query}`} />
      </p>
      {approvedDeposits.size > 1 && (
        <div className="charts">
          <BarChart
            title={t("reports.approvedChart")}
            points={[...approvedDeposits].map(([day, santim]) => ({
              label: day,
              value: santim / 100,
            }))}
            format={money}
          />
        </div>
      )}
      <ReportTable<MoneyReportRow>
        columns={[
          { header: t("reports.day"), cell: (r) => r.day },
          { header: t("reports.flow"), cell: (r) => t(`reports.flows.${r.flow}`) },
          { header: t("reports.method"), cell: method },
          {
            header: t("reports.requested"),
            cell: (r) => `${r.requested} · ${money(r.requestedAmount)}`,
            figure: true,
          },
          {
            header: t("reports.approved"),
            cell: (r) => `${r.approved} · ${money(r.approvedAmount)}`,
            figure: true,
          },
          {
            header: t("reports.refused"),
            cell: (r) => `${r.refused} · ${money(r.refusedAmount)}`,
            figure: true,
          },
          { header: t("reports.fees"), cell: (r) => money(r.fees), figure: true },
          { header: t("reports.advances"), cell: (r) => money(r.advances), figure: true },
          {
            header: t("reports.tick"),
            cell: (r) =>
              r.flow === "deposit" && r.method === "bank" && r.approved > 0 && r.bankName ? (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => setTicking({ day: r.day, bankName: r.bankName! })}
                >
                  {t("reports.tick")}
                </button>
              ) : null,
          },
        ]}
        rows={data.rows}
        rowKey={(r) => `${r.day} ${r.flow} ${r.method} ${r.bankName} ${r.agentId}`}
        empty={t("reports.noRows")}
      />
      {ticking && <TickingList {...ticking} onClose={() => setTicking(null)} />}
    </>
  );
}

/** One bank's approved deposits of a day, each ticked off as it is found on the statement. */
function TickingList(props: { day: string; bankName: string; onClose(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const query = new URLSearchParams({ day: props.day, bankName: props.bankName }).toString();
  const { data, error } = useApiQuery<DepositTicking>(
    ["reports", "ticking", query],
    `/api/admin/reports/money/deposits?${query}`,
  );
  if (error) return <ReportFailure error={error} />;
  if (!data) return <p>{t("common.loading")}</p>;
  const tickedSantim = data.deposits
    .filter((d) => ticked.has(d.id))
    .reduce((total, d) => total + Math.round(d.amount * 100), 0);
  return (
    <section
      className="card report-ticking"
      aria-label={t("reports.tickTitle", { bank: props.bankName, day: props.day })}
    >
      <h2>{t("reports.tickTitle", { bank: props.bankName, day: props.day })}</h2>
      <p role="status">
        {t("reports.ticked", {
          ticked: ticked.size,
          count: data.count,
          amount: money(tickedSantim / 100),
          total: money(data.total),
        })}
      </p>
      <ReportTable<DepositTicking["deposits"][number]>
        columns={[
          {
            header: t("reports.tick"),
            cell: (d) => (
              <input
                type="checkbox"
                aria-label={`${t("reports.tick")} ${d.reference ?? d.id}`}
                checked={ticked.has(d.id)}
                onChange={() =>
                  setTicked((before) => {
                    const next = new Set(before);
                    if (!next.delete(d.id)) next.add(d.id);
                    return next;
                  })
                }
              />
            ),
          },
          { header: t("reports.reference"), cell: (d) => d.reference ?? "—" },
          { header: t("reports.fromAccount"), cell: (d) => d.fromAccount ?? "—" },
          { header: t("reports.amount"), cell: (d) => money(d.amount), figure: true },
          { header: t("reports.time"), cell: (d) => new Date(d.approvedAt).toLocaleTimeString() },
          {
            header: t("reports.player"),
            cell: (d) => [d.playerName, d.playerPhone].filter(Boolean).join(" · "),
          },
        ]}
        rows={data.deposits}
        rowKey={(d) => d.id}
        empty={t("reports.noRows")}
      />
      <p className="report-actions">
        <ExportButton
          path={`/api/admin/reports/money/deposits/export?${query}`}
          name={`deposits-${query}`}
        />
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={props.onClose}
        >
          {t("reports.close")}
        </button>
      </p>
    </section>
  );
}
