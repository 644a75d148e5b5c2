import { z } from "zod";

/**
 * Characters no text of the API may hold: control characters (C0, DEL and C1; PostgreSQL cannot
 * even store a NUL), lone UTF-16 surrogates (not Unicode: storing or encoding them fails), and
 * U+FFFD, which is what invalid UTF-8 in a query string or a form field decodes to.
 */
const NOT_TEXT = /[\p{Cc}\p{Cs}\uFFFD]/u;
/** The same, except tab, line feed and carriage return: text that may span lines. */
const NOT_MULTILINE_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cs}\uFFFD]/u;

export const notAllowedCharacters = (label: string) =>
  `${label} contains characters that are not allowed.`;

/** Whether `value` is text the API accepts (see NOT_TEXT). */
export function isCleanText(value: string, { multiline = false } = {}): boolean {
  return !(multiline ? NOT_MULTILINE_TEXT : NOT_TEXT).test(value);
}

export interface TextOptions {
  /** The message for a missing value or one that is not a string (default "<label> must be text."). */
  required?: string;
  /** Allows tab, line feed and carriage return. */
  multiline?: boolean;
}

/**
 * Every string the API reads (bodies, queries, path parameters, form fields, passwords too): a
 * zod string that refuses the characters above with a message naming the field, before any other
 * rule (trim, length, pattern) chained after it. `text("Full name").trim().min(3, ...)`.
 */
export function text(label: string, { required, multiline = false }: TextOptions = {}) {
  return z
    .string({ error: required ?? `${label} must be text.` })
    .refine((value) => isCleanText(value, { multiline }), notAllowedCharacters(label));
}
