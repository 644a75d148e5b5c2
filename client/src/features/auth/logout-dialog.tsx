import { useTranslation } from "react-i18next";
import { Modal } from "../../components/ui/modal.tsx";
import { useSession } from "../../lib/session.tsx";

/** 'Are you sure do you want to logout?': Yes ends this session and reloads /, Cancel closes. */
export function LogoutDialog({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  return (
    <Modal title={t("profile.logoutConfirm")} role="alertdialog" onClose={onCancel}>
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={async () => {
            await signOut();
            window.location.assign("/");
          }}
        >
          {t("common.yes")}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </Modal>
  );
}
