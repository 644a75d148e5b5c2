import fc from "fast-check";
import { expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";
import type { JsonValue } from "./event-store.ts";
import { eventBody } from "./hash-chain.ts";

/** The definition (docs/ledger.md): keys sorted by code unit, no whitespace. */
function reference(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
  const members = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${reference(value[key]!)}`);
  return `{${members.join(",")}}`;
}

const json = fc.jsonValue() as fc.Arbitrary<JsonValue>;

it("writes the definition's text for any JSON value", () => {
  fc.assert(
    fc.property(json, (value) => {
      expect(canonicalJson(value)).toBe(reference(value));
    }),
  );
});

it("writes an event's body as the canonical JSON of {id, type, data, metadata}", () => {
  fc.assert(
    fc.property(
      fc.uuid(),
      fc.string(),
      fc.dictionary(fc.string(), json),
      fc.dictionary(fc.string(), json),
      (id, type, data, metadata) => {
        expect(eventBody({ id, type, data, metadata })).toBe(
          reference({ id, type, data, metadata }),
        );
      },
    ),
  );
});
