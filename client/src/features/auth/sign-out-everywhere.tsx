import { useTranslation } from "react-i18next";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/messages.ts";
import { useSession } from "../../lib/session.tsx";

/** Ends every session of the account (other phones, forgotten browsers), then this one. */
export function SignOutEverywhereButton() {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const { signOut } = useSession();

  async function signOutEverywhere() {
    try {
      await api("/api/auth/logout-all", { method: "POST" });
      await signOut();
      window.location.assign("/");
    } catch (error) {
      notice({
        type: "danger",
        title: t("wallet.serverError"),
        message: error instanceof ApiError ? message(error.message) : t("common.genericError"),
      });
    }
  }

  return (
    <button type="button" className="button button-secondary" onClick={signOutEverywhere}>
      {t("profile.signOutEverywhere")}
    </button>
  );
}
