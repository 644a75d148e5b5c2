import { SETTINGS_GROUPS, type Settings, settingsSchema } from "@igp/shared";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/ui/notice.tsx";
import { api } from "../../../lib/api-client.ts";

type Draft = Record<string, { gameWaitingTime: string; winPercentCut: string }>;

/** The four settings panels: waiting time (minutes) and cut or advance (%) per group. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const notice = useNotice();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    api<{ settings: Settings }>("/api/settings").then(
      ({ settings }) =>
        setDraft(
          Object.fromEntries(
            Object.entries(settings).map(([group, values]) => [
              group,
              {
                gameWaitingTime: String(values.gameWaitingTime),
                winPercentCut: String(values.winPercentCut),
              },
            ]),
          ),
        ),
      (error) => console.error(error),
    );
  }, []);
  if (!draft) return <p>{t("common.loading")}</p>;

  const edit = (group: string, field: "gameWaitingTime" | "winPercentCut", value: string) =>
    setDraft((current) => ({ ...current!, [group]: { ...current![group]!, [field]: value } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const numbers = Object.fromEntries(
      Object.entries(draft!).map(([group, values]) => [
        group,
        {
          gameWaitingTime: Number(values.gameWaitingTime || Number.NaN),
          winPercentCut: Number(values.winPercentCut || Number.NaN),
        },
      ]),
    );
    const parsed = settingsSchema.safeParse(numbers);
    if (!parsed.success) {
      return notice({
        type: "warning",
        title: t("admin.settings.invalid"),
        message: t("admin.settings.invalidText"),
      });
    }
    try {
      await api("/api/settings", { body: parsed.data });
      notice({ type: "success", title: t("admin.settings.saved"), autoCloseMs: 2_000 });
    } catch {
      notice({
        type: "danger",
        title: t("admin.updateFailed"),
        message: t("admin.settings.failed"),
      });
    }
  }

  return (
    <section>
      <h1>{t("admin.menu.settings")}</h1>
      <form className="settings" onSubmit={submit} noValidate>
        {SETTINGS_GROUPS.map((group) => {
          const advance = group.startsWith("subAdmin");
          return (
            <fieldset key={group} className="card">
              <legend>{t(`admin.settings.groups.${group}`)}</legend>
              <div className="field">
                <label htmlFor={`${group}-wait`}>{t("admin.settings.waitingTime")}</label>
                <input
                  id={`${group}-wait`}
                  type="number"
                  min={1}
                  value={draft[group]!.gameWaitingTime}
                  onChange={(event) => edit(group, "gameWaitingTime", event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${group}-cut`}>
                  {t(advance ? "admin.settings.advance" : "admin.settings.cut")}
                </label>
                <input
                  id={`${group}-cut`}
                  type="number"
                  min={0}
                  max={100}
                  step="0.01"
                  value={draft[group]!.winPercentCut}
                  onChange={(event) => edit(group, "winPercentCut", event.target.value)}
                />
              </div>
            </fieldset>
          );
        })}
        <button type="submit" className="button">
          {t("common.save")}
        </button>
      </form>
    </section>
  );
}
