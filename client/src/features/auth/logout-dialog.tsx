import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.tsx";

/** 'Are you sure do you want to logout?': Yes removes the token and reloads /, Cancel closes. */
export function LogoutDialog({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  return (
    <div className="modal-backdrop">
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="logout-title">
        <h2 id="logout-title">{t("profile.logoutConfirm")}</h2>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              signOut();
              window.location.assign("/");
            }}
          >
            {t("common.yes")}
          </button>
          <button type="button" className="button button-outline" onClick={onCancel}>
            {t("common.cancel")}
          </button>
        </div>
      </div>
    </div>
  );
}
