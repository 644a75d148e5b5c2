import type { SessionSummary } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/messages.ts";
import { queryClient, queryKeys, refreshLists, useApiQuery } from "../../lib/queries.ts";
import "./session-list.css";

/**
 * Where the account is signed in: each session's device, address and when it was last seen, this
 * one marked; 'Sign out' ends one of the others at once (its cookie or token stops working).
 */
export function SessionList() {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const message = useMessage();
  const { data } = useApiQuery<{ sessions: SessionSummary[] }>(
    queryKeys.sessions,
    "/api/auth/sessions",
  );

  async function end(session: SessionSummary) {
    try {
      await api(`/api/auth/sessions/${session.id}/end`, { method: "POST" });
      queryClient.setQueryData(queryKeys.sessions, {
        sessions: data!.sessions.filter((other) => other.id !== session.id),
      });
      notice({ type: "success", title: t("profile.sessionEnded"), autoCloseMs: 2_000 });
    } catch (error) {
      void refreshLists(queryKeys.sessions);
      notice({
        type: "danger",
        title: t("wallet.serverError"),
        message: error instanceof ApiError ? message(error.message) : t("common.genericError"),
      });
    }
  }

  if (!data) return <p>{t("common.loading")}</p>;
  return (
    <ul className="session-list" aria-label={t("profile.sessions")}>
      {data.sessions.map((session) => (
        <li key={session.id}>
          <div>
            <strong>{session.device}</strong>
            {session.current && <span className="session-current">{t("profile.thisDevice")}</span>}
            <small>
              {session.address} ·{" "}
              {t("profile.lastSeen", {
                when: new Date(session.lastSeenAt).toLocaleString(i18n.language),
              })}
            </small>
          </div>
          {!session.current && (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={t("profile.signOutDevice", { device: session.device })}
              onClick={() => end(session)}
            >
              {t("profile.signOutThisOne")}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
