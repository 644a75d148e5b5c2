import "./reports-texts.ts";
import { type ReportRange, reportRangeSchema } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Form, SubmitButton, TextField } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";

/** The day (YYYY-MM-DD) in `timeZone`, `offset` days from today there. */
export function dayIn(timeZone: string, offset = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** The last week, today included, in the operator's time zone: what a report shows first. */
export const lastWeek = (timeZone: string): ReportRange => ({
  from: dayIn(timeZone, -6),
  to: dayIn(timeZone),
});

/** From and To (days, both included), checked by the server's own schema before it is asked. */
export function ReportRangeForm(props: { range: ReportRange; onChange(range: ReportRange): void }) {
  const { t } = useTranslation();
  const form = useApiForm<ReportRange>({
    schema: reportRangeSchema,
    defaultValues: props.range,
    async onSubmit(range) {
      props.onChange(range);
    },
  });
  return (
    <Form form={form} className="report-range">
      <TextField name="from" type="date" label={t("reports.from")} />
      <TextField name="to" type="date" label={t("reports.to")} />
      <SubmitButton label={t("reports.show")} />
    </Form>
  );
}
