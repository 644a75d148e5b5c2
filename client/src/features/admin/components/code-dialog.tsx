import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";

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
    <FormDialog
      id="code"
      title={props.title}
      submitLabel={t("admin.approve")}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
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
    </FormDialog>
  );
}
