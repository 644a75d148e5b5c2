import "../admin-texts.ts";
import { SETTINGS_GROUPS, type Settings, settingsGroupSchema, settingsSchema } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Form, FormFailure, SubmitButton, TextField } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { useNotice } from "../../../components/ui/notice.tsx";
import { api } from "../../../lib/api-client.ts";
import { queryClient, useApiQuery } from "../../../lib/queries.ts";

const SETTINGS = ["admin", "settings"];

type Group = (typeof SETTINGS_GROUPS)[number];
type Draft = Record<Group, { gameWaitingTime: string; winPercentCut: string }>;

/** A number input's text as the number the shared schema checks (empty is no number). */
const asNumber = (value: unknown) => (value === "" ? Number.NaN : Number(value));
const draftSchema = z.object(
  Object.fromEntries(
    SETTINGS_GROUPS.map((group) => [
      group,
      z.object({
        gameWaitingTime: z.preprocess(asNumber, settingsGroupSchema.shape.gameWaitingTime),
        winPercentCut: z.preprocess(asNumber, settingsGroupSchema.shape.winPercentCut),
      }),
    ]),
  ),
);

const toDraft = (settings: Settings) =>
  Object.fromEntries(
    SETTINGS_GROUPS.map((group) => [
      group,
      {
        gameWaitingTime: String(settings[group].gameWaitingTime),
        winPercentCut: String(settings[group].winPercentCut),
      },
    ]),
  ) as Draft;

/** The four settings panels: waiting time (minutes) and cut or advance (%) per group. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { data } = useApiQuery<{ settings: Settings }>(SETTINGS, "/api/settings");
  if (!data) return <p>{t("common.loading")}</p>;
  return (
    <section>
      <h1>{t("admin.menu.settings")}</h1>
      <SettingsForm settings={data.settings} />
    </section>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const form = useApiForm<Draft>({
    schema: draftSchema as never,
    defaultValues: toDraft(settings),
    failureText: (reason) => `${t("admin.settings.failed")} ${reason}`,
    async onSubmit(draft) {
      const settings = settingsSchema.parse(numbers(draft));
      await api("/api/settings", { body: settings });
      queryClient.setQueryData(SETTINGS, { settings });
      notice({ type: "success", title: t("admin.settings.saved"), autoCloseMs: 2_000 });
    },
  });
  return (
    <Form form={form} className="settings">
      {SETTINGS_GROUPS.map((group) => (
        <fieldset key={group} className="card">
          <legend>{t(`admin.settings.groups.${group}`)}</legend>
          <TextField
            name={`${group}.gameWaitingTime`}
            type="number"
            label={t("admin.settings.waitingTime")}
          />
          <TextField
            name={`${group}.winPercentCut`}
            type="number"
            label={t(
              group.startsWith("subAdmin") ? "admin.settings.advance" : "admin.settings.cut",
            )}
          />
        </fieldset>
      ))}
      <FormFailure title={t("admin.updateFailed")} />
      <SubmitButton label={t("common.save")} />
    </Form>
  );
}

function numbers(draft: Draft) {
  return Object.fromEntries(
    SETTINGS_GROUPS.map((group) => [
      group,
      {
        gameWaitingTime: asNumber(draft[group].gameWaitingTime),
        winPercentCut: asNumber(draft[group].winPercentCut),
      },
    ]),
  );
}
