import { describe, expect, it } from "vitest";
import am from "./locales/am.json";
import en from "./locales/en.json";

const keys = (value: unknown, prefix = ""): string[] =>
  typeof value !== "object" || value === null
    ? [prefix]
    : Object.entries(value).flatMap(([key, child]) =>
        keys(child, prefix ? `${prefix}.${key}` : key),
      );

describe("the demos' texts", () => {
  it("exist in Amharic for every English one", () => {
    expect(keys(am).sort()).toEqual(keys(en).sort());
  });

  it("carry the spec's demo messages word for word", () => {
    expect(Object.values(en.refusals)).toEqual(
      expect.arrayContaining([
        "Wait!",
        "Invalid Bet",
        "Not Enough Funds",
        "No Number Selected",
        "Invalid Input",
        "Not enough balance to buy ticket.",
      ]),
    );
    expect(en.gameOver).toBe("Game Over!");
  });
});
