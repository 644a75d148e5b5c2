import { describe, expect, it } from "vitest";
import am from "./locales/am.json";
import en from "./locales/en.json";

const entries = (value: unknown, prefix = ""): [string, string][] =>
  typeof value !== "object" || value === null
    ? [[prefix, String(value)]]
    : Object.entries(value).flatMap(([key, child]) =>
        entries(child, prefix ? `${prefix}.${key}` : key),
      );

describe("the coin flip and spin wheel texts", () => {
  it("exist in Amharic for every English one, written in Ethiopic", () => {
    const amharic = new Map(entries(am));
    expect([...amharic.keys()].sort()).toEqual(
      entries(en)
        .map(([key]) => key)
        .sort(),
    );
    const untranslated = [...amharic].filter(([, text]) => !/\p{Script=Ethiopic}/u.test(text));
    expect(untranslated).toEqual([]);
  });
});
