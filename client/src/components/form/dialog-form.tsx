import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { FormDialog } from "../ui/form-dialog.tsx";
import { FormFailure, FormScope } from "./fields.tsx";
import type { ApiForm } from "./use-api-form.ts";

/** A form of the kit in a modal: title, fields, the refusal, Cancel and submit (disabled while sending). */
export function DialogForm<Values extends FieldValues>(props: {
  form: ApiForm<Values>;
  id: string;
  title: string;
  submitLabel: string;
  onCancel(): void;
  failureTitle?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormScope form={props.form}>
      <FormDialog
        id={props.id}
        title={props.title}
        submitLabel={props.submitLabel}
        onSubmit={props.form.send}
        onCancel={props.onCancel}
        busy={props.form.formState.isSubmitting}
        className={props.className}
      >
        {props.children}
        <FormFailure title={props.failureTitle} />
      </FormDialog>
    </FormScope>
  );
}
