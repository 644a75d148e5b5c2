import "../admin-texts.ts";
import "../../../lib/money-texts/index.ts";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { api } from "../../../lib/api-client.ts";
import { usePageAnswer } from "../../../lib/page-data.tsx";
import { useSession } from "../../../lib/session.tsx";
import { useMoney } from "../../../lib/site-config.tsx";

// The charts (uPlot) are below the figures: they load beside the series, not before the figures.
const BarChart = lazy(() =>
  import("../components/bar-chart.tsx").then((module) => ({ default: module.BarChart })),
);

interface Day {
  day: string;
  deposits: number;
  withdrawals: number;
  houseRevenue: number;
  rounds: number;
}

/** Read at once (its page asks for it with the scripts for a browser with a session: src/prerender.tsx). */
export const DASHBOARD_STATS = "/api/admin/dashboard/stats";

const MONEY_STATS = new Set(["userBalance", "BonesBalance", "houseRevenue"]);

/** The superAdmin's 14 statistics and 30-day charts; an agent's remaining float. */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { user } = useSession();
  // Known at once on the page the server rendered for staff (game-server's page-render.ts).
  const rendered = usePageAnswer<Record<string, number>>(DASHBOARD_STATS);
  const [stats, setStats] = useState(rendered ?? null);
  const [series, setSeries] = useState<Day[]>([]);
  const renderedWithStats = Boolean(rendered);
  useEffect(() => {
    if (!renderedWithStats)
      api<Record<string, number>>(DASHBOARD_STATS).then(setStats, (error) => console.error(error));
    if (user?.role === "superAdmin" || user?.role === "auditor") {
      api<{ days: Day[] }>("/api/admin/dashboard/series").then(
        ({ days }) => setSeries(days),
        (error) => console.error(error),
      );
    }
  }, [user?.role, renderedWithStats]);
  if (!stats) return <p>{t("common.loading")}</p>;
  if (user?.role === "admin") {
    return (
      <section>
        <h1>{t("admin.menu.dashboard")}</h1>
        <dl className="stat-cards">
          <div className="card stat">
            <dt>{t("admin.stats.remaining")}</dt>
            <dd>{money(stats.mainBalance ?? 0)}</dd>
          </div>
          <div className="card stat">
            <dt>{t("admin.stats.advanceEarned")}</dt>
            <dd>{money(stats.advanceEarned ?? 0)}</dd>
          </div>
        </dl>
        <p className="dashboard-actions">
          <Link className="button" to="/admin/dashboard/request-charge">
            {t("admin.menu.requestCharge")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section>
      <h1>{t("admin.menu.dashboard")}</h1>
      <dl className="stat-cards">
        {Object.entries(stats).map(([key, value]) => (
          <div key={key} className="card stat">
            <dt>{t(`admin.stats.${key}`)}</dt>
            {/* In the page's language, as money is: the server's render and the browser's agree. */}
            <dd>{MONEY_STATS.has(key) ? money(value) : value.toLocaleString(i18n.language)}</dd>
            {key === "houseRevenue" && (
              <dd className="stat-help">
                <details>
                  <summary>{t("money.revenue.whatIsIt")}</summary>
                  <p>{t("money.revenue.help")}</p>
                </details>
              </dd>
            )}
          </div>
        ))}
      </dl>
      {series.length > 0 && (
        <Suspense fallback={null}>
          <div className="charts">
            {(["deposits", "withdrawals", "houseRevenue", "rounds"] as const).map((key) => (
              <BarChart
                key={key}
                title={t(`admin.charts.${key}`)}
                points={series.map((day) => ({ label: day.day, value: day[key] }))}
                format={key === "rounds" ? (value) => value.toLocaleString() : money}
                help={key === "houseRevenue" ? t("money.revenue.help") : undefined}
              />
            ))}
          </div>
        </Suspense>
      )}
    </section>
  );
}
