import { useEffect, useRef } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  set,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "../../lib/api-client.ts";
import { lazySchemas } from "../../lib/lazy-schemas.ts";
import { useMessage } from "../../lib/messages.ts";
import { haptic } from "../../lib/telegram/mini-app-port.ts";
import { takeTypedBeforeHydration } from "../../lib/typed-before-hydration.ts";

/**
 * Where a schema gives no message of its own, it speaks a player's sentence, never zod's text
 * (installed before the first check; off the first download with zod: lib/lazy-schemas.ts).
 */
const issueMessages = lazySchemas(() => import("./issue-messages.ts"));

/** Where a refusal that belongs to no field is kept: shown by `<FormFailure>`. */
export const FAILURE = "root.failure" as const;
/** A schema's rule about the form as a whole (an issue without a path): it blocks sending. */
export const WHOLE_FORM = "wholeForm" as const;

/**
 * The shared zod schema of a request (or of the form built on it), or what loads it: a page's
 * form loads its schema, and zod, after it has painted (lib/lazy-schemas.ts).
 */
export type FormSchema<Values extends FieldValues> =
  | z.ZodType<unknown, Values>
  | (() => Promise<z.ZodType<unknown, Values>>);

export interface ApiFormOptions<Values extends FieldValues> {
  /** Checked before sending. */
  schema: FormSchema<Values>;
  defaultValues: DefaultValues<Values>;
  /** Sends the values as typed (the server parses them again); throws what `api()` throws. */
  onSubmit(values: Values): Promise<void>;
  /** The words of a refusal that is about no field, e.g. the spec's 'Login failed. ' before it. */
  failureText?(reason: string): string;
  /** A field for a refusal the server did not place (a known message, say). */
  fieldOf?(error: ApiError): Path<Values> | undefined;
}

export type ApiForm<Values extends FieldValues> = UseFormReturn<Values> & {
  /** The form's onSubmit: checks, sends once (a second press while sending is ignored), maps. */
  send(event?: { preventDefault(): void }): Promise<void>;
};

/**
 * Every form of both apps: react-hook-form checked by a shared zod schema, errors at their
 * fields with the specs' words, one request per submit however often it is pressed, the server's
 * refusals at the field they name (else above the buttons), and a failed network that keeps
 * everything typed with a clear message.
 */
export function useApiForm<Values extends FieldValues>(
  options: ApiFormOptions<Values>,
): ApiForm<Values> {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(options.schema),
    defaultValues: options.defaultValues,
    reValidateMode: "onSubmit",
  });
  const sending = useRef(false);
  const latest = useRef(options);
  latest.current = options;
  // The checks load once the form is on screen, so a submit seldom waits for them.
  useEffect(() => void loadSchema(latest.current.schema).catch(() => {}), []);
  // A prerendered form (sign-in, registration) keeps what was typed before its script ran.
  useEffect(() => {
    for (const [name, value] of takeTypedBeforeHydration(Object.keys(latest.current.defaultValues)))
      if (!form.getValues(name as Path<Values>))
        form.setValue(name as Path<Values>, value as never, { shouldDirty: true });
  }, [form]);

  const refused = (error: unknown) => {
    const { fieldOf, failureText, defaultValues } = latest.current;
    if (!(error instanceof ApiError)) {
      // No answer at all: nothing was changed, and what was typed stays for another try.
      return form.setError(FAILURE, { message: t("forms.networkFailed") });
    }
    const field = (fieldOf?.(error) ?? error.field) as Path<Values> | undefined;
    if (field && field in (defaultValues as object)) {
      form.setError(field, { type: "server", message: error.message }, { shouldFocus: true });
      return;
    }
    const reason = message(error.message);
    form.setError(FAILURE, { message: failureText ? failureText(reason) : reason });
  };

  const send = async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await form.handleSubmit(
        async (values) => {
          try {
            await latest.current.onSubmit(values);
          } catch (error) {
            refused(error);
          }
        },
        // Refused by the form's own checks: felt in the hand inside Telegram.
        () => haptic("error"),
      )();
    } catch (error) {
      // The checks did not load (offline): said like a request that got no answer.
      refused(error);
    } finally {
      sending.current = false;
    }
  };
  return Object.assign(form, { send });
}

/**
 * Checks the values with the schema: the values as typed go to the server (which applies the
 * same schema itself); each field gets the first message the schema gives it, as the schema words
 * it (a union's own message too, not one of its options'), and a rule about the whole form is
 * kept under WHOLE_FORM, where `<FormFailure>` shows it.
 */
function schemaResolver<Values extends FieldValues>(schema: FormSchema<Values>): Resolver<Values> {
  return async (values) => {
    const parsed = await (await loadSchema(schema)).safeParseAsync(values);
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.length > 0 ? issue.path.join(".") : WHOLE_FORM;
      if (!get(errors, name)) set(errors, name, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/** The form's schema, with the issue messages installed before it checks anything. */
async function loadSchema<Values extends FieldValues>(
  schema: FormSchema<Values>,
): Promise<z.ZodType<unknown, Values>> {
  const [loaded] = await Promise.all([
    typeof schema === "function" ? schema() : schema,
    issueMessages(),
  ]);
  return loaded;
}
