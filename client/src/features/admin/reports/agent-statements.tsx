import "./reports-texts.ts";
import type { AgentStatement, AgentStatements, ReportRange } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useApiQuery } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { ExportButton } from "./export-button.tsx";
import { ReportFailure, rangeQuery } from "./report-query.tsx";
import { ReportTable } from "./report-table.tsx";

/** Each agent's float over the range (an agent sees its own). */
export function AgentStatementsView({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const money = useMoney();
  const query = rangeQuery(range);
  const { data, error } = useApiQuery<AgentStatements>(
    ["reports", "agents", query],
    `/api/admin/reports/agents?${query}`,
  );
  if (error) return <ReportFailure error={error} />;
  if (!data) return <p>{t("common.loading")}</p>;
  const amount = (key: keyof AgentStatement) => ({
    header: t(`reports.${key}`),
    cell: (r: AgentStatement) => money(r[key] as number),
    figure: true,
  });
  return (
    <>
      <p className="report-actions">
        <ExportButton path={`/api/admin/reports/agents/export?${query}`} name={`agents-${query}`} />
      </p>
      <ReportTable<AgentStatement>
        columns={[
          { header: t("reports.agent"), cell: (r) => r.agentName ?? r.agentId.slice(0, 8) },
          amount("opening"),
          amount("charged"),
          amount("depositsCredited"),
          amount("withdrawalsPaid"),
          amount("advances"),
          amount("closing"),
        ]}
        rows={data.agents}
        rowKey={(r) => r.agentId}
        empty={t("reports.noRows")}
      />
    </>
  );
}
