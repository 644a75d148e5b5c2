import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./modal.tsx";

/**
 * A yes/cancel question before an action, naming what it acts on (its wording follows the
 * current state). Cancel has the focus when it opens (the safe answer of a money or delete
 * question). While the action runs both buttons wait: a second press sends nothing.
 */
export function ConfirmDialog(props: {
  question: string;
  confirm: string;
  onConfirm(): unknown;
  onCancel(): void;
  /** What the question rests on, shown above the answers (an approval's fraud signals). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={props.question} role="alertdialog" onClose={props.onCancel}>
      {props.children}
      <div className="modal-actions">
        <button type="button" className="button" disabled={busy} onClick={confirm}>
          {props.confirm}
        </button>
        {/* Focused first: Enter must never approve, pay or delete by itself. */}
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={props.onCancel}
          data-autofocus
        >
          {t("common.cancel")}
        </button>
      </div>
    </Modal>
  );
}
