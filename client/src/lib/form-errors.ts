import { useState } from "react";
import type { z } from "zod";

/** The first message per field of a failed zod parse (the spec shows one message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A form's text fields and their messages: editing a field clears its message (player spec
 * section 5).
 */
export function useFormFields<Fields extends Record<string, string>>(initial: Fields) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edit = (field: keyof Fields & string) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  return { form, setForm, errors, setErrors, edit };
}
