import { type ReportRange, reportRangeSchema } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Form, FormFailure, SubmitButton, TextField } from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { downloadCsv } from "../../lib/download-csv.ts";
import i18n from "../../lib/i18n.ts";
import am from "./statement-locales/am.json";
import en from "./statement-locales/en.json";

// The statement's texts come with the profile's chunk, never with the first page.
i18n.addResourceBundle("en", "translation", en, true, true);
i18n.addResourceBundle("am", "translation", am, true, true);

/** A day as YYYY-MM-DD, `offset` days from today on this device. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** The player's own statement over a range of days, downloaded as CSV (every movement). */
export function StatementDownload() {
  const { t } = useTranslation();
  const form = useApiForm<ReportRange>({
    schema: reportRangeSchema,
    defaultValues: { from: day(-29), to: day(0) },
    async onSubmit({ from, to }) {
      const query = new URLSearchParams({ from, to });
      await downloadCsv(`/api/user/statement/export?${query}`, `statement-${from}-to-${to}.csv`);
    },
  });
  return (
    <section className="card statement-download">
      <h2>{t("statement.title")}</h2>
      <p>{t("statement.help")}</p>
      <Form form={form}>
        <TextField name="from" type="date" label={t("statement.from")} />
        <TextField name="to" type="date" label={t("statement.to")} />
        <FormFailure />
        <SubmitButton label={t("statement.download")} busyLabel={t("statement.downloading")} />
      </Form>
    </section>
  );
}
