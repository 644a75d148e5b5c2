import "./reports-texts.ts";
import type { GamesReport, GamesReportRow, ReportRange } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useApiQuery } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { BarChart } from "../components/bar-chart.tsx";
import { ExportButton } from "./export-button.tsx";
import { ReportFailure, rangeQuery } from "./report-query.tsx";
import { type ReportColumn, ReportTable } from "./report-table.tsx";

type Figures = GamesReport["total"];

/** Per day, game and table: rounds, players, turnover, payouts, cut, prizes, refunds, RTP. */
export function GamesReportView({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const money = useMoney();
  const query = rangeQuery(range);
  const { data, error } = useApiQuery<GamesReport>(
    ["reports", "games", query],
    `/api/admin/reports/games?${query}`,
  );
  if (error) return <ReportFailure error={error} />;
  if (!data) return <p>{t("common.loading")}</p>;
  const venue = (row: GamesReportRow) =>
    row.venue === "private"
      ? t("reports.private")
      : row.venue.startsWith("table-")
        ? row.tableBet === null
          ? t("reports.table", { id: row.venue.slice(6) })
          : t("reports.tableNamed", { id: row.venue.slice(6), bet: money(row.tableBet) })
        : t("reports.lottery", { title: row.title ?? row.venue.slice(8) });
  const figures: ReportColumn<Figures>[] = [
    { header: t("reports.rounds"), cell: (r) => r.rounds, figure: true },
    { header: t("reports.cancelled"), cell: (r) => r.cancelled, figure: true },
    { header: t("reports.players"), cell: (r) => r.players, figure: true },
    { header: t("reports.seats"), cell: (r) => r.seats, figure: true },
    { header: t("reports.stakes"), cell: (r) => money(r.stakes), figure: true },
    { header: t("reports.payouts"), cell: (r) => money(r.payouts), figure: true },
    { header: t("reports.houseCut"), cell: (r) => money(r.houseCut), figure: true },
    { header: t("reports.prizes"), cell: (r) => money(r.prizes), figure: true },
    { header: t("reports.refunds"), cell: (r) => money(r.refunds), figure: true },
    { header: t("reports.houseNet"), cell: (r) => money(r.houseNet), figure: true },
    {
      header: t("reports.rtp"),
      cell: (r) => (r.rtpPercent === null ? "—" : `${r.rtpPercent}%`),
      figure: true,
    },
  ];
  const byDay = daysOf(range, data.rows);
  return (
    <>
      <p className="report-actions">
        <ExportButton path={`/api/admin/reports/games/export?${query}`} name={`games-${query}`} />
      </p>
      {byDay.length > 1 && (
        <div className="charts">
          <BarChart
            title={t("reports.houseNetChart")}
            points={byDay.map(([day, rows]) => ({ label: day, value: sum(rows, "houseNet") }))}
            format={money}
          />
          <BarChart
            title={t("reports.turnoverChart")}
            points={byDay.map(([day, rows]) => ({ label: day, value: sum(rows, "stakes") }))}
            format={money}
          />
        </div>
      )}
      <h2>{t("reports.allGames")}</h2>
      <ReportTable<Figures & { game?: string }>
        columns={[
          {
            header: t("reports.game"),
            cell: (r) => (r.game ? t(`reports.games.${r.game}`) : t("reports.total")),
          },
          ...figures,
        ]}
        rows={data.games}
        rowKey={(r) => r.game ?? "total"}
        footer={data.total}
        empty={t("reports.noRows")}
      />
      <h2>{t("reports.day")}</h2>
      <ReportTable<GamesReportRow>
        columns={[
          { header: t("reports.day"), cell: (r) => r.day },
          { header: t("reports.game"), cell: (r) => t(`reports.games.${r.game}`) },
          { header: t("reports.venue"), cell: venue },
          ...(figures as ReportColumn<GamesReportRow>[]),
        ]}
        rows={data.rows}
        rowKey={(r) => `${r.day} ${r.game} ${r.venue}`}
        empty={t("reports.noRows")}
      />
    </>
  );
}

/** Each day of the range with its rows (none on a quiet day), for the trend charts. */
function daysOf(range: ReportRange, rows: GamesReportRow[]): [string, GamesReportRow[]][] {
  const days: [string, GamesReportRow[]][] = [];
  for (let day = range.from; day <= range.to; day = nextDay(day))
    days.push([day, rows.filter((row) => row.day === day)]);
  return days;
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A column of major-unit amounts added up in santim (no float sums of money). */
function sum(rows: GamesReportRow[], key: "houseNet" | "stakes"): number {
  const santim = rows.reduce((total, row) => total + Math.round(row[key] * 100), 0);
  return santim / 100;
}
