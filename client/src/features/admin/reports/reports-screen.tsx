import "./reports-texts.ts";
import "./reports.css";
import type { ReportRange, ReportSettings } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useApiQuery } from "../../../lib/queries.ts";
import { useSession } from "../../../lib/session.tsx";
import { AgentStatementsView } from "./agent-statements.tsx";
import { GamesReportView } from "./games-report.tsx";
import { MoneyReportView } from "./money-report.tsx";
import { PlayerStatementView } from "./player-statement.tsx";
import { lastWeek, ReportRangeForm } from "./report-range-form.tsx";
import { TimeZoneSetting } from "./time-zone-form.tsx";

const TABS = {
  games: GamesReportView,
  money: MoneyReportView,
  agents: AgentStatementsView,
  players: PlayerStatementView,
};
type Tab = keyof typeof TABS;
/** What an agent may read: its own statement. */
const AGENT_TABS: Tab[] = ["agents"];

/** The reports, a tab each (`?tab=`), over one range of days in the operator's time zone. */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const { data } = useApiQuery<ReportSettings>(
    ["reports", "settings"],
    "/api/admin/reports/settings",
  );
  return (
    <section className="reports">
      <h1>{t("reports.title")}</h1>
      {data ? <Reports timeZone={data.timeZone} /> : <p>{t("common.loading")}</p>}
    </section>
  );
}

function Reports({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState<ReportRange>(() => lastWeek(timeZone));
  // The auditor reads every report the superAdmin does (names masked unless granted).
  const tabs = user?.role === "admin" ? AGENT_TABS : (Object.keys(TABS) as Tab[]);
  const asked = params.get("tab") as Tab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const View = TABS[tab];
  return (
    <>
      {user?.role === "superAdmin" && <TimeZoneSetting />}
      <nav className="report-tabs" aria-label={t("reports.title")}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            className={`button button-small ${name === tab ? "" : "button-secondary"}`}
            aria-current={name === tab ? "page" : undefined}
            onClick={() => setParams({ tab: name })}
          >
            {t(`reports.tabs.${name}`)}
          </button>
        ))}
      </nav>
      <ReportRangeForm range={range} onChange={setRange} />
      <View range={range} />
    </>
  );
}
