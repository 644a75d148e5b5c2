import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import { InvalidEventError, type JsonValue, type NewEvent } from "./event-store.ts";
import { eventBody } from "./hash-chain.ts";
import {
  assertValidAppend,
  assertValidAppends,
  isPlainJson,
  MAX_EVENT_BYTES,
} from "./validate-new-events.ts";

const event = (data: Record<string, JsonValue>): NewEvent => ({
  id: randomUUID(),
  type: "Tested",
  data,
  metadata: { actor: { userId: "u1", role: "user" } },
});

/** Objects an append takes (fast-check's JSON has integers past 2^53, which it refuses). */
const objects = fc.dictionary(fc.string(), fc.jsonValue()).filter(isPlainJson) as fc.Arbitrary<
  Record<string, JsonValue>
>;

it("returns each event's body, the text stored and hashed", () => {
  fc.assert(
    fc.property(objects, objects, (a, b) => {
      const events = [event(a), event(b)];
      expect(assertValidAppend("wallet-u1", events)).toEqual(events.map(eventBody));
      expect(assertValidAppends([{ streamId: "round-r1", events }])).toEqual([
        events.map(eventBody),
      ]);
    }),
  );
});

it("checks the size on the body's UTF-8 bytes: up to the limit, not one byte more", () => {
  const padding = (bytes: number) => {
    const empty = Buffer.byteLength(eventBody({ ...event({ text: "" }), id: ZERO_ID }));
    return "é".repeat((bytes - empty) >> 1) + "x".repeat((bytes - empty) & 1);
  };
  const sized = (bytes: number) => ({ ...event({ text: padding(bytes) }), id: ZERO_ID });
  expect(Buffer.byteLength(eventBody(sized(MAX_EVENT_BYTES)))).toBe(MAX_EVENT_BYTES);
  expect(() => assertValidAppend("wallet-u1", [sized(MAX_EVENT_BYTES)])).not.toThrow();
  expect(() => assertValidAppend("wallet-u1", [sized(MAX_EVENT_BYTES + 1)])).toThrow(
    `exceeds ${MAX_EVENT_BYTES} bytes`,
  );
});

it("names where a value JSON would not keep is, and refuses it", () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ list: [1, { x: Number.NaN }] }, "data.list[1].x is not a finite number"],
    [{ deep: { big: 2 ** 60 } }, "data.deep.big is out of range"],
    [{ text: "a\u0000b" }, "data.text contains a NUL character"],
    [{ when: new Date(0) }, "data.when is not plain JSON"],
    [{ gap: [1, undefined, 3] }, "data.gap[1] is not plain JSON"],
  ];
  for (const [data, message] of cases) {
    const bad = event(data as Record<string, JsonValue>);
    expect(() => assertValidAppend("wallet-u1", [bad])).toThrow(InvalidEventError);
    expect(() => assertValidAppend("wallet-u1", [bad])).toThrow(`Event ${bad.id}: ${message}.`);
  }
});

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
  expect(isPlainJson({ a: [1, { b: undefined }] })).toBe(false);
  expect(isPlainJson({ a: [1, { b: "ok" }], c: null })).toBe(true);
});

const ZERO_ID = "00000000-0000-0000-0000-000000000000";
