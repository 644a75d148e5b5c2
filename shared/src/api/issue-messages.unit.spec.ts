import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installIssueMessages } from "./issue-messages.ts";

installIssueMessages();
const said = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues[0]?.message;

describe("the sentences of schemas that give none", () => {
  it.each([
    ["a missing value", z.string(), undefined, "This field is required."],
    ["a blank one where a number is wanted", z.number(), "", "This field is required."],
    ["text where a number is wanted", z.number(), "abc", "Please enter a number."],
    ["too short a text", z.string().min(3), "ab", "Please enter at least 3 characters."],
    ["an empty text", z.string().min(1), "", "This field is required."],
    ["too long a text", z.string().max(5), "abcdefg", "Please enter at most 5 characters."],
    ["too small a number", z.number().min(5), 1, "Please enter a number of at least 5."],
    ["a number not above", z.number().positive(), 0, "Please enter a number greater than 0."],
    ["too large a number", z.number().max(100), 101, "Please enter a number of at most 100."],
    ["no choice at all", z.array(z.number()).min(1), [], "Please choose at least one."],
    ["an email that is none", z.email(), "abc", "Enter a valid email."],
    [
      "a pattern not met",
      z.string().regex(/^\d+$/),
      "x",
      "Please enter a value in the right format.",
    ],
    ["an option that is none", z.enum(["H", "T"]), "X", "Please choose one of the options."],
    [
      "a field not asked for",
      z.strictObject({}),
      { x: 1 },
      "This request has fields that are not allowed.",
    ],
    ["a failed rule", z.string().refine(() => false), "x", "Please enter a valid value."],
  ])("%s", (_, schema, input, sentence) => {
    expect(said(schema, input)).toBe(sentence);
  });

  it("never replace a schema's own message", () => {
    expect(said(z.string({ error: "Full name is required." }), undefined)).toBe(
      "Full name is required.",
    );
    expect(said(z.string().min(3, "Too short, says the spec."), "a")).toBe(
      "Too short, says the spec.",
    );
  });
});
