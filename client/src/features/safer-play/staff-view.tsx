import type { SaferPlayView } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/messages.ts";
import { useMoney } from "../../lib/site-config.tsx";
import "./texts.ts";

/**
 * A player's limits, time-out or self-exclusion and age confirmation, as the back office's
 * players screen shows them: read only (nobody lifts a break before it ends).
 */
export default function StaffSaferPlay({ userId, name }: { userId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const message = useMessage();
  const [view, setView] = useState<SaferPlayView | null>(null);
  const [failure, setFailure] = useState("");
  useEffect(() => {
    setView(null);
    api<SaferPlayView>(`/api/admin/players/${userId}/safer-play`).then(setView, (error) =>
      setFailure(error instanceof ApiError ? message(error.message) : String(error)),
    );
  }, [userId, message]);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === "am" ? "am-ET" : "en-GB");
  if (!view) return <p role="status">{failure || t("common.loading")}</p>;
  const taken = view.breakTaken;
  return (
    <section className="card" aria-label={`${t("saferPlay.staff.title")}: ${name}`}>
      <h2>
        {t("saferPlay.staff.title")}: {name}
      </h2>
      <dl>
        <dt>{t("saferPlay.staff.ageConfirmed")}</dt>
        <dd>{t(view.ageConfirmed ? "saferPlay.staff.yes" : "saferPlay.staff.no")}</dd>
        <dt>{t("saferPlay.staff.break")}</dt>
        <dd>
          {!taken
            ? t("saferPlay.staff.none")
            : `${t(`saferPlay.break.${taken.kind}`)}: ${
                taken.until === null ? t("saferPlay.break.permanent") : when(taken.until)
              }`}
        </dd>
        {view.limits.map((limit) => (
          <div key={limit.limit}>
            <dt>{t(`saferPlay.limits.${limit.limit}`)}</dt>
            <dd>
              {limit.amount === null ? t("saferPlay.limits.none") : money(limit.amount)}
              {limit.amount !== null &&
                limit.used !== null &&
                ` · ${t("saferPlay.limits.used", { amount: money(Math.max(0, limit.used)) })}`}
              {limit.next &&
                ` · ${
                  limit.next.amount === null
                    ? t("saferPlay.limits.nextRemoved", { when: when(limit.next.appliesAt) })
                    : t("saferPlay.limits.next", {
                        amount: money(limit.next.amount),
                        when: when(limit.next.appliesAt),
                      })
                }`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
