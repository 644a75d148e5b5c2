import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";

/** Asks for a code (deposit or withdraw) before approving; empty is refused with `required`. */
export function CodeDialog(props: {
  title: string;
  label: string;
  required: string;
  onSubmit(code: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(props.required);
    props.onSubmit(code.trim().toUpperCase());
  };
  return (
    <div className="modal-backdrop">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="code-title"
        onSubmit={submit}
        noValidate
      >
        <h2 id="code-title">{props.title}</h2>
        <div className="field">
          <label htmlFor="approval-code">{props.label}</label>
          <input
            id="approval-code"
            value={code}
            autoComplete="off"
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setError(null);
            }}
          />
          {error && <p className="field-error">{error}</p>}
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={props.onCancel}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="button">
            {t("admin.approve")}
          </button>
        </div>
      </form>
    </div>
  );
}
