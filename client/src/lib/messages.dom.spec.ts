import * as shared from "@igp/shared";
import { ETHIOPIC, RAW_TEXT } from "@igp/test-support/player-text.ts";
import { renderHook } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import i18n, { switchLanguage } from "./i18n.ts";
import { useMessage } from "./messages.ts";

/** Values a form or a careless client can send: empty, blank, wrong type, out of range. */
const PROBES: unknown[] = [
  undefined,
  null,
  "",
  "   ",
  "abc",
  "-1",
  "0",
  "0.001",
  "1e400",
  "x".repeat(3000),
  -1,
  0,
  1.5,
  Number.NaN,
  true,
  [],
  {},
];

/** The object shapes a schema reads (through pipes, refinements and unions). */
function shapes(schema: z.ZodType): Record<string, z.ZodType>[] {
  if (schema instanceof z.ZodObject) return [schema.shape];
  if (schema instanceof z.ZodPipe) return shapes(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((o) => shapes(o as z.ZodType));
  return [];
}

/** Every message a schema gives for the probes, whole or field by field. */
function messagesOf(schema: z.ZodType): string[] {
  const inputs: unknown[] = [...PROBES];
  for (const shape of shapes(schema))
    for (const key of Object.keys(shape)) for (const value of PROBES) inputs.push({ [key]: value });
  return inputs.flatMap(
    (input) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [],
  );
}

const FEATURE_BUNDLES = import.meta.glob<{ messages?: Record<string, string> }>(
  "../{features,components}/**/locales/am.json",
  { eager: true, import: "default" },
);

const schemas = Object.values(shared as Record<string, unknown>).filter(
  (value): value is z.ZodType => value instanceof z.ZodType,
);

describe("the shared schemas' messages", () => {
  shared.installIssueMessages();
  const messages = [...new Set(schemas.flatMap(messagesOf))].sort();

  beforeAll(async () => {
    await switchLanguage("am");
    // A feature's own messages come with its bundle, loaded by the screens that show them.
    for (const bundle of Object.values(FEATURE_BUNDLES))
      if (bundle.messages) i18n.addResourceBundle("am", "messages", bundle.messages, true, true);
  });

  it("are sentences a player understands, for every empty, blank or wrong-type value", () => {
    expect(messages.length).toBeGreaterThan(50);
    expect(messages.filter((message) => RAW_TEXT.test(message))).toEqual([]);
  });

  it("each read in Amharic", () => {
    const { result } = renderHook(() => useMessage());
    expect(i18n.language).toBe("am");
    const untranslated = messages.filter((message) => !ETHIOPIC.test(result.current(message)));
    expect(untranslated).toEqual([]);
  });
});
