import { useTranslation } from "react-i18next";
import { Modal } from "./modal.tsx";

/** A yes/cancel question before an action (its wording follows the current state). */
export function ConfirmDialog(props: {
  question: string;
  confirm: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={props.question} role="alertdialog" onClose={props.onCancel}>
      <div className="modal-actions">
        <button type="button" className="button" onClick={props.onConfirm}>
          {props.confirm}
        </button>
        <button type="button" className="button button-outline" onClick={props.onCancel}>
          {t("common.cancel")}
        </button>
      </div>
    </Modal>
  );
}
