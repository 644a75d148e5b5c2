import { useTranslation } from "react-i18next";
import { useMainButton } from "../../lib/telegram/mini-app-port.ts";
import { Modal } from "../ui/modal.tsx";

/**
 * Asked before a join takes the stake: what it costs and what the player gets for it (the side,
 * or the numbers). Join sends the lock; Cancel (or Escape) takes nothing.
 */
export function JoinConfirmation({
  terms,
  onJoin,
  onCancel,
}: {
  /** E.g. 'Join for ETB 20.00: you will be Tails (T)'. */
  terms: string;
  onJoin(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  useMainButton(t("rounds.join"), onJoin);
  return (
    <Modal title={t("rounds.joinTitle")} role="alertdialog" onClose={onCancel}>
      <p data-testid="join-terms">{terms}</p>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <button type="button" className="button" onClick={onJoin}>
          {t("rounds.join")}
        </button>
      </div>
    </Modal>
  );
}
