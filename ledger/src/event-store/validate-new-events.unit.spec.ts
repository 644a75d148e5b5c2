import fc from "fast-check";
import { expect, it } from "vitest";
import type { NewEvent } from "./event-store.ts";
import { assertValidAppend, isPlainJson } from "./validate-new-events.ts";

const ID = "0b7d3f0e-2f4c-4b8e-9d51-8d1f2c3a4b5c";
const append = (data: unknown) => () =>
  assertValidAppend("wallet-u1", [
    { id: ID, type: "Tested", data: data as NewEvent["data"], metadata: {} },
  ]);

/** JSON that JSONB keeps as it is: no NUL in a string, no integer beyond 2^53. */
function keptByJsonb(value: unknown): boolean {
  if (typeof value === "string") return !value.includes("\u0000");
  if (typeof value === "number") return !Number.isInteger(value) || Number.isSafeInteger(value);
  if (value === null || typeof value !== "object") return true;
  return Object.values(value).every(keptByJsonb);
}

it("takes the JSON values JSONB keeps as they are, and only those", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      expect(isPlainJson(value)).toBe(keptByJsonb(value));
    }),
  );
});

it("names the path to the first value JSON would not keep", () => {
  expect(append({ draw: { seeds: ["a", Number.NaN] } })).toThrow(
    `Event ${ID}: data.draw.seeds[1] is not a finite number.`,
  );
  expect(append({ list: [{ big: 2 ** 60 }] })).toThrow(
    `Event ${ID}: data.list[0].big is out of range.`,
  );
  expect(append({ text: "nul\u0000byte" })).toThrow(
    `Event ${ID}: data.text contains a NUL character.`,
  );
  expect(append({ when: new Date(0) })).toThrow(`Event ${ID}: data.when is not plain JSON.`);
  expect(isPlainJson({ a: [1, { b: undefined }] })).toBe(false);
  expect(isPlainJson({ a: [1, { b: "ok" }], c: null })).toBe(true);
});
