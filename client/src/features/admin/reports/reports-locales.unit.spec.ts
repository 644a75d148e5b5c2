import { STAFF_ACTIONS } from "@igp/shared";
import { describe, expect, it } from "vitest";
import statementAm from "../../profile/statement-locales/am.json";
import statementEn from "../../profile/statement-locales/en.json";
import activityAm from "../activity/locales/am.json";
import activityEn from "../activity/locales/en.json";
import am from "./locales/am.json";
import en from "./locales/en.json";

/** Every key of a nested translation object, as dotted paths, with its text. */
function texts(value: unknown, prefix = ""): [string, string][] {
  if (typeof value !== "object" || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) =>
    texts(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("the reports', the statement's and the activity log's texts", () => {
  it.each([
    ["the reports", en, am],
    ["the player's statement", statementEn, statementAm],
    ["the staff activity log", activityEn, activityAm],
  ])("give Amharic every text of %s, in Ethiopic", (_, english, amharic) => {
    const keys = (value: unknown) =>
      texts(value)
        .map(([key]) => key)
        .sort();
    expect(keys(amharic)).toEqual(keys(english));
    const untranslated = texts(amharic).filter(([, text]) => !/\p{Script=Ethiopic}/u.test(text));
    expect(untranslated).toEqual([]);
  });

  it("name every staff action the log can show", () => {
    expect(Object.keys(activityEn.activity.actions).sort()).toEqual([...STAFF_ACTIONS].sort());
  });
});
