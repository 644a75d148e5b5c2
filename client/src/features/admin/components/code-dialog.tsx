import "../admin-texts.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DialogForm } from "../../../components/form/dialog-form.tsx";
import { TextField } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";

/**
 * Asks for a code (deposit or withdraw code, a bank transfer's payment reference) before
 * approving, and approves with it: an empty code is refused with `required` (or by `rule`), a
 * wrong one is shown at the field, and the code stays typed.
 */
export function CodeDialog(props: {
  title: string;
  label: string;
  required: string;
  failureTitle: string;
  /** The field's own rule (a shared schema), instead of just `required`. */
  rule?: z.ZodType<string, string>;
  /** A line under the field saying what to enter. */
  hint?: string;
  /** Codes are shown in capitals as typed; a reference stays as the bank wrote it. */
  upperCase?: boolean;
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
  /** What the approval rests on, shown above the field (an approval's fraud signals). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useApiForm({
    schema: z.object({ code: props.rule ?? z.string().trim().min(1, props.required) }),
    defaultValues: { code: "" },
    // The server's refusals here are about the code (wrong, already used), or about the request.
    fieldOf: (error) => (error.status === 400 || error.field ? "code" : undefined),
    onSubmit: ({ code }) => props.onSubmit(code.trim()),
  });
  return (
    <DialogForm
      form={form}
      id="code"
      title={props.title}
      submitLabel={t("admin.approve")}
      failureTitle={props.failureTitle}
      onCancel={props.onCancel}
    >
      {props.children}
      <TextField
        name="code"
        label={props.label}
        hint={props.hint}
        autoComplete="off"
        upperCase={props.upperCase ?? true}
      />
    </DialogForm>
  );
}
