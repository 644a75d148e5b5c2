import "./reports-texts.ts";
import { type ReportSettings, reportSettingsSchema } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Form, FormFailure, SubmitButton, TextField } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { useNotice } from "../../../components/ui/notice.tsx";
import { api } from "../../../lib/api-client.ts";
import { queryClient, useApiQuery } from "../../../lib/queries.ts";

const SETTINGS = ["reports", "settings"];

/** The operator's time zone (superAdmin): the reports count their days in it. */
export function TimeZoneSetting() {
  const { data } = useApiQuery<ReportSettings>(SETTINGS, "/api/admin/reports/settings");
  return data ? <TimeZoneForm settings={data} /> : null;
}

function TimeZoneForm({ settings }: { settings: ReportSettings }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const form = useApiForm<ReportSettings>({
    schema: reportSettingsSchema,
    defaultValues: settings,
    async onSubmit(values) {
      const saved = await api<ReportSettings>("/api/admin/reports/settings", { body: values });
      queryClient.setQueryData(SETTINGS, saved);
      // Every report counts its days anew.
      await queryClient.invalidateQueries({ queryKey: ["reports"] });
      notice({ type: "success", title: t("reports.timeZoneSaved"), autoCloseMs: 2_000 });
    },
  });
  return (
    <details className="card report-time-zone">
      <summary>
        {t("reports.timeZone")}: {settings.timeZone}
      </summary>
      <Form form={form}>
        <TextField name="timeZone" label={t("reports.timeZone")} hint={t("reports.timeZoneHelp")} />
        <FormFailure />
        <SubmitButton label={t("reports.saveTimeZone")} />
      </Form>
    </details>
  );
}
