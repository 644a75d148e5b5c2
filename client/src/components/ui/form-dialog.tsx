import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "./modal.tsx";

/** A modal form: title, fields, Cancel and a submit button; Escape cancels too. */
export function FormDialog(props: {
  id: string;
  title: string;
  submitLabel: string;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      id={props.id}
      title={props.title}
      className={`modal ${props.className ?? ""}`}
      onClose={props.onCancel}
      onSubmit={props.onSubmit}
    >
      {props.children}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="button" disabled={props.busy}>
          {props.submitLabel}
        </button>
      </div>
    </Modal>
  );
}
