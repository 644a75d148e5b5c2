import { useTranslation } from "react-i18next";

/** A yes/cancel question before an action (its wording follows the current state). */
export function ConfirmDialog(props: {
  question: string;
  confirm: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="modal-backdrop">
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title">
        <h2 id="confirm-title">{props.question}</h2>
        <div className="modal-actions">
          <button type="button" className="button" onClick={props.onConfirm}>
            {props.confirm}
          </button>
          <button type="button" className="button button-outline" onClick={props.onCancel}>
            {t("common.cancel")}
          </button>
        </div>
      </div>
    </div>
  );
}
