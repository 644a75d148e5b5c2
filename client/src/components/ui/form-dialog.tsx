import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A modal form: title, fields, Cancel and a submit button. */
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
    <div className="modal-backdrop">
      <form
        className={`modal ${props.className ?? ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${props.id}-title`}
        onSubmit={props.onSubmit}
        noValidate
      >
        <h2 id={`${props.id}-title`}>{props.title}</h2>
        {props.children}
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={props.onCancel}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="button" disabled={props.busy}>
            {props.submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
