import { z } from "zod";

/**
 * What a schema says when it gives no message of its own: a sentence a player understands, for
 * every kind of zod issue, instead of zod's programmer's text ('Invalid input: expected number,
 * received string'). Installed with `z.config({ customError: issueMessage })` by the client's form
 * kit and by the server, so neither a form nor an API answer shows zod's own words. Numbers in
 * these sentences are the only parts that vary: the client translates them as templates
 * (client/src/lib/messages.ts).
 */
export const ISSUE_MESSAGES = {
  required: "This field is required.",
  number: "Please enter a number.",
  date: "Please enter a valid date.",
  email: "Enter a valid email.",
  link: "Enter a valid link.",
  format: "Please enter a value in the right format.",
  option: "Please choose one of the options.",
  invalid: "Please enter a valid value.",
  unexpectedFields: "This request has fields that are not allowed.",
} as const;

type Issue = z.core.$ZodRawIssue;

/** Makes `issueMessage` what every schema of this process says where it gives no message. */
export function installIssueMessages() {
  z.config({ customError: issueMessage });
}

/** The sentence for one zod issue, by its kind and what the schema asked (a length, a minimum). */
export function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return typeMessage(issue.expected, issue.input);
    case "too_small":
      return tooSmall(issue.origin, issue.minimum, issue.inclusive !== false);
    case "too_big":
      return tooBig(issue.origin, issue.maximum, issue.inclusive !== false);
    case "invalid_format":
      return formatMessage(issue.format);
    case "not_multiple_of":
      return `Please enter a multiple of ${issue.divisor}.`;
    case "invalid_value":
      return ISSUE_MESSAGES.option;
    case "unrecognized_keys":
      return ISSUE_MESSAGES.unexpectedFields;
    default:
      return ISSUE_MESSAGES.invalid;
  }
}

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === "string" && input.trim() === "");

function typeMessage(expected: string, input: unknown): string {
  if (isBlank(input)) return ISSUE_MESSAGES.required;
  if (expected === "number" || expected === "int" || expected === "bigint")
    return ISSUE_MESSAGES.number;
  if (expected === "date") return ISSUE_MESSAGES.date;
  return ISSUE_MESSAGES.invalid;
}

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean): string {
  if (origin === "string")
    return Number(minimum) <= 1
      ? ISSUE_MESSAGES.required
      : `Please enter at least ${minimum} characters.`;
  if (origin === "array" || origin === "set")
    return Number(minimum) <= 1
      ? "Please choose at least one."
      : `Please choose at least ${minimum}.`;
  if (origin === "number" || origin === "int" || origin === "bigint")
    return inclusive
      ? `Please enter a number of at least ${minimum}.`
      : `Please enter a number greater than ${minimum}.`;
  if (origin === "date") return ISSUE_MESSAGES.date;
  return ISSUE_MESSAGES.invalid;
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean): string {
  if (origin === "string") return `Please enter at most ${maximum} characters.`;
  if (origin === "array" || origin === "set") return `Please choose at most ${maximum}.`;
  if (origin === "number" || origin === "int" || origin === "bigint")
    return inclusive
      ? `Please enter a number of at most ${maximum}.`
      : `Please enter a number less than ${maximum}.`;
  if (origin === "date") return ISSUE_MESSAGES.date;
  return ISSUE_MESSAGES.invalid;
}

function formatMessage(format: string): string {
  if (format === "email") return ISSUE_MESSAGES.email;
  if (format === "url") return ISSUE_MESSAGES.link;
  if (format === "date" || format === "datetime" || format === "time") return ISSUE_MESSAGES.date;
  return ISSUE_MESSAGES.format;
}
