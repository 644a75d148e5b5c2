import "./activity-texts.ts";
import "../reports/reports.css";
import {
  checkRange,
  daySchema,
  type ReportSettings,
  STAFF_ACTIONS,
  type StaffActivityEntry,
  type StaffActivityPage,
} from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Form, SelectField, SubmitButton, TextField } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { useApiQuery } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { ExportButton } from "../reports/export-button.tsx";
import { ReportFailure } from "../reports/report-query.tsx";
import { lastWeek } from "../reports/report-range-form.tsx";
import { ReportTable } from "../reports/report-table.tsx";

/** The filters as the form holds them: '' in a select means 'all'. */
const filtersSchema = z
  .object({ from: daySchema, to: daySchema, staffId: z.string(), action: z.string() })
  .superRefine(checkRange);
type Filters = z.infer<typeof filtersSchema>;

/** The query string of the filters (the 'all' choices left out). */
function filterQuery({ from, to, staffId, action }: Filters) {
  const params = new URLSearchParams({ from, to });
  if (staffId) params.set("staffId", staffId);
  if (action) params.set("action", action);
  return params.toString();
}

/**
 * The staff activity log (superAdmin): every staff action over a range of days in the
 * operator's time zone, narrowed to a staff member or an action, newest first; the same
 * filters export as CSV. A table on a desktop, a card per action on a phone.
 */
export default function ActivityScreen() {
  const { t } = useTranslation();
  const { data } = useApiQuery<ReportSettings>(
    ["reports", "settings"],
    "/api/admin/reports/settings",
  );
  return (
    <section className="reports activity-log">
      <h1>{t("activity.title")}</h1>
      <p>{t("activity.intro")}</p>
      {data ? <ActivityLog timeZone={data.timeZone} /> : <p>{t("common.loading")}</p>}
    </section>
  );
}

function ActivityLog({ timeZone }: { timeZone: string }) {
  const [filters, setFilters] = useState<Filters>(() => ({
    ...lastWeek(timeZone),
    staffId: "",
    action: "",
  }));
  const [page, setPage] = useState(1);
  const query = filterQuery(filters);
  const { data, error } = useApiQuery<StaffActivityPage>(
    ["activity", query, page],
    `/api/admin/activity?${query}&page=${page}`,
  );
  return (
    <>
      <FiltersForm
        filters={filters}
        staff={data?.staff ?? []}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <p className="report-actions">
        <ExportButton path={`/api/admin/activity/export?${query}`} name="staff-activity" />
      </p>
      {error ? (
        <ReportFailure error={error} />
      ) : data ? (
        <ActivityTable data={data} onPage={setPage} />
      ) : null}
    </>
  );
}

function FiltersForm(props: {
  filters: Filters;
  staff: StaffActivityPage["staff"];
  onChange(filters: Filters): void;
}) {
  const { t } = useTranslation();
  const form = useApiForm<Filters>({
    schema: filtersSchema,
    defaultValues: props.filters,
    async onSubmit(filters) {
      props.onChange(filters);
    },
  });
  return (
    <Form form={form} className="report-range">
      <TextField name="from" type="date" label={t("reports.from")} />
      <TextField name="to" type="date" label={t("reports.to")} />
      <SelectField
        name="staffId"
        label={t("activity.staff")}
        placeholder={t("activity.allStaff")}
        options={props.staff.map((s) => ({
          value: s.id,
          label: `${s.name} (${t(`activity.roles.${s.role}`)})`,
        }))}
      />
      <SelectField
        name="action"
        label={t("activity.action")}
        placeholder={t("activity.allActions")}
        options={STAFF_ACTIONS.map((action) => ({
          value: action,
          label: t(`activity.actions.${action}`),
        }))}
      />
      <SubmitButton label={t("reports.show")} />
    </Form>
  );
}

function ActivityTable(props: { data: StaffActivityPage; onPage(page: number): void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { currentPage, totalPages } = props.data;
  return (
    <>
      <ReportTable<StaffActivityEntry>
        columns={[
          { header: t("activity.time"), cell: (e) => new Date(e.at).toLocaleString(i18n.language) },
          {
            header: t("activity.staff"),
            cell: (e) =>
              `${e.staff.name ?? e.staff.id.slice(0, 8)} (${t(`activity.roles.${e.staff.role}`)})`,
          },
          { header: t("activity.action"), cell: (e) => t(`activity.actions.${e.action}`) },
          {
            header: t("activity.amount"),
            cell: (e) => (e.amount === null ? "" : money(e.amount)),
            figure: true,
          },
          {
            header: t("activity.target"),
            cell: (e) => (
              <span>
                {t(`activity.targets.${e.target.kind}`, { defaultValue: e.target.kind })}{" "}
                <code title={e.target.id}>
                  {/* An auditor's request: its method and path in full. */}
                  {e.target.kind === "route" ? e.target.id : e.target.id.slice(0, 8)}
                </code>
              </span>
            ),
          },
          {
            header: t("activity.player"),
            cell: (e) => (e.player ? (e.player.name ?? e.player.id.slice(0, 8)) : ""),
          },
          { header: t("activity.address"), cell: (e) => e.ip ?? "" },
          { header: t("activity.detail"), cell: (e) => e.detail ?? "" },
        ]}
        rows={props.data.entries}
        rowKey={(e) => e.id}
        empty={t("activity.noRows")}
      />
      {totalPages > 1 && (
        <nav className="report-actions" aria-label={t("activity.title")}>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={currentPage <= 1}
            onClick={() => props.onPage(currentPage - 1)}
          >
            {t("activity.previous")}
          </button>
          <span>{t("activity.page", { page: currentPage, pages: totalPages })}</span>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={currentPage >= totalPages}
            onClick={() => props.onPage(currentPage + 1)}
          >
            {t("activity.next")}
          </button>
        </nav>
      )}
    </>
  );
}
