import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  get,
  useController,
  useFormContext,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useMessage } from "../../lib/messages.ts";
import { haptic, useMainButton } from "../../lib/telegram/mini-app-port.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { type ApiForm, FAILURE, WHOLE_FORM } from "./use-api-form.ts";
import "./fields.css";

/** A form of the kit: its fields, the refusal that belongs to no field, and its buttons. */
export function Form<Values extends FieldValues>(props: {
  form: ApiForm<Values>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormScope form={props.form}>
      <form className={props.className} onSubmit={props.form.send} noValidate>
        {props.children}
      </form>
    </FormScope>
  );
}

/** Lets fields find their form when another component draws the <form> (a dialog's). */
export function FormScope<Values extends FieldValues>(props: {
  form: ApiForm<Values>;
  children: ReactNode;
}) {
  return <FormProvider {...props.form}>{props.children}</FormProvider>;
}

/** A field's label, control and message (in the reader's language), wired for screen readers. */
function FieldFrame(props: {
  name: string;
  label: string;
  hint?: string;
  children(ids: { id: string; describedBy?: string; invalid: boolean }): ReactNode;
}) {
  const id = useId();
  const message = useMessage();
  const { formState } = useFormContext();
  const error = errorAt(formState.errors, props.name);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, describedBy: error ? errorId : undefined, invalid: Boolean(error) })}
      {props.hint && <p className="hint">{props.hint}</p>}
      {error && (
        <p id={errorId} className="field-error">
          {message(error)}
        </p>
      )}
    </div>
  );
}

/** The message at a (dotted) field name, if any. */
function errorAt(errors: FieldErrors, name: string): string | undefined {
  return (get(errors, name) as FieldError | undefined)?.message;
}

/** Registers a control so that editing it clears its message (player spec section 5). */
function useField(name: string) {
  const { register, clearErrors } = useFormContext();
  return register(name, { onChange: () => clearErrors([name, FAILURE, WHOLE_FORM]) });
}

export function TextField(props: {
  name: string;
  label: string;
  type?: "text" | "password" | "email" | "tel" | "number" | "date" | "datetime-local" | "url";
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  hint?: string;
  /** Shown as typed in upper case (codes). */
  upperCase?: boolean;
}) {
  const field = useField(props.name);
  return (
    <FieldFrame name={props.name} label={props.label} hint={props.hint}>
      {({ id, describedBy, invalid }) => (
        <input
          {...field}
          id={id}
          type={props.type ?? "text"}
          inputMode={props.type === "number" ? "decimal" : undefined}
          step={props.type === "number" ? "any" : undefined}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            if (props.upperCase) event.target.value = event.target.value.toUpperCase();
            return field.onChange(event);
          }}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField(props: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** The empty first choice ('Choose…'), when there is one. */
  placeholder?: string;
}) {
  const field = useField(props.name);
  return (
    <FieldFrame name={props.name} label={props.label}>
      {({ id, describedBy, invalid }) => (
        <select {...field} id={id} aria-invalid={invalid} aria-describedby={describedBy}>
          {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField(props: { name: string; label: string }) {
  // Controlled: the form holds true or false, whatever the browser reports for the box.
  const { field } = useController({ name: props.name });
  const { clearErrors, formState } = useFormContext();
  const message = useMessage();
  const error = errorAt(formState.errors, props.name);
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          name={field.name}
          ref={field.ref}
          checked={field.value === true}
          aria-invalid={Boolean(error)}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event.target.checked);
            clearErrors([props.name, FAILURE, WHOLE_FORM]);
          }}
        />{" "}
        {props.label}
      </label>
      {error && <p className="field-error">{message(error)}</p>}
    </>
  );
}

/** One of a few options, as radio buttons. */
export function ChoiceField(props: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const field = useField(props.name);
  return (
    <fieldset className="choice">
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value}>
          <input type="radio" {...field} value={option.value} /> {option.label}
        </label>
      ))}
    </fieldset>
  );
}

const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

/**
 * An image to upload (proofs, logos, banners): choosing one clears its message at once; with
 * `preview`, the chosen image is shown whole, fitted to the form, with Remove.
 */
export function ImageField(props: {
  name: string;
  label: string;
  hint?: string;
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext();
  const { field } = useController({ name: props.name, control });
  const file = field.value as File | null;
  const url = useObjectUrl(props.preview ? file : null);
  const input = useRef<HTMLInputElement | null>(null);
  const remove = () => {
    if (input.current) input.current.value = ""; // the picker forgets the file too
    field.onChange(null);
  };
  return (
    <FieldFrame name={props.name} label={props.label} hint={props.hint}>
      {({ id, describedBy, invalid }) => (
        <>
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES}
            ref={(element) => {
              input.current = element;
              field.ref(element);
            }}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => {
              field.onChange(event.target.files?.[0] ?? null);
              clearErrors([props.name, FAILURE, WHOLE_FORM]);
            }}
          />
          {url && (
            <div className="image-preview">
              <img src={url} alt={t("forms.preview", { label: props.label })} />
              <button type="button" className="link-button" onClick={remove}>
                {t("wallet.remove")}
              </button>
            </div>
          )}
        </>
      )}
    </FieldFrame>
  );
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * Above the buttons: a rule about the whole form that is not met, else a refusal that belongs to
 * no field (or a lost connection), under `title` ('Game Creation Failed'): a form not sent yet
 * has not failed.
 */
export function FormFailure({ title }: { title?: string }) {
  const message = useMessage();
  const { formState } = useFormContext();
  const rule = errorAt(formState.errors, WHOLE_FORM);
  const failure = rule ?? errorAt(formState.errors, FAILURE);
  useEffect(() => {
    if (failure) haptic("error");
  }, [failure]);
  if (!failure) return null;
  return (
    <div className="form-failure" role="alert">
      {title && !rule && <strong>{title}</strong>} <span>{message(failure)}</span>
    </div>
  );
}

/**
 * The form's submit button: disabled while it submits, and on a prerendered page until the
 * script has taken the form over (a press before that would make the browser send the form
 * itself, the password in the address).
 */
export function SubmitButton(props: {
  label: string;
  busyLabel?: string;
  className?: string;
  /** Inside Telegram, Telegram's Main Button sends the form too (the screen's primary action). */
  mainButton?: boolean;
}) {
  const { formState } = useFormContext();
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  useMainButton(props.mainButton ? props.label : null, () => button.current?.click(), {
    enabled: hydrated && !formState.isSubmitting,
    busy: formState.isSubmitting,
  });
  return (
    <button
      ref={button}
      type="submit"
      className={props.className ?? "button"}
      disabled={formState.isSubmitting || !hydrated}
      aria-busy={formState.isSubmitting}
    >
      {formState.isSubmitting && props.busyLabel ? props.busyLabel : props.label}
    </button>
  );
}

/** A new password and its confirmation, both hidden and marked as new for password managers. */
export function NewPasswordFields(props: {
  name: string;
  confirmName: string;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <TextField
        name={props.name}
        type="password"
        label={props.label}
        autoComplete="new-password"
      />
      <TextField
        name={props.confirmName}
        type="password"
        label={props.confirmLabel}
        autoComplete="new-password"
      />
    </>
  );
}
