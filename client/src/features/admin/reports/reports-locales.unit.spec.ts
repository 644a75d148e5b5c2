import { describe, expect, it } from "vitest";
import statementAm from "../../profile/statement-locales/am.json";
import statementEn from "../../profile/statement-locales/en.json";
import am from "./locales/am.json";
import en from "./locales/en.json";

/** Every key of a nested translation object, as dotted paths, with its text. */
function texts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value !== "object" || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) =>
    texts(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the reports' and the statement's texts", () => {
  it.each([
    ["the reports", en, am],
    ["the player's statement", statementEn, statementAm],
  ])("give Amharic every text of %s, in Ethiopic", (_, english, amharic) => {
    const keys = (value: unknown) =>
      texts(value)
        .map(([key]) => key)
        .sort();
    expect(keys(amharic)).toEqual(keys(english));
    const untranslated = texts(amharic).filter(([, text]) => !/\p{Script=Ethiopic}/u.test(text));
    expect(untranslated).toEqual([]);
  });
});
