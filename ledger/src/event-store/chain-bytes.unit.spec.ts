import fc from "fast-check";
import { expect, it } from "vitest";
import { chainHashOf } from "./chain-bytes.ts";
import type { JsonValue } from "./event-store.ts";
import { chainHash, eventBody, GENESIS_HASH } from "./hash-chain.ts";

// Any text: printable ASCII, quotes, backslashes, control characters, Amharic, emoji, lone
// surrogates (JSON.stringify escapes those).
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom('"', "\\", "\n", "\u0000", "\u007f", "ሰ", "😀", "\ud800") }),
);
const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonValue>;
const numbers = fc.oneof(
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 2 ** 53, -(2 ** 53), 1e21, 123456789012345680000),
);
const fields = fc.dictionary(text, fc.oneof(json, text, numbers));

it("hashes the same bytes as chainHash over eventBody, for any event", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.constant(GENESIS_HASH), fc.stringMatching(/^[0-9a-f]{64}$/)),
      text,
      fc.nat(),
      fc.record({ id: fc.uuid(), type: text, data: fields, metadata: fields }),
      (prevHash, streamId, revision, event) => {
        expect(chainHashOf(prevHash, streamId, revision, event)).toBe(
          chainHash(prevHash, streamId, revision, eventBody(event)),
        );
      },
    ),
    { numRuns: 2_000 },
  );
});

it("hashes an event larger than its buffer, and the next one after it", () => {
  const big = { id: "00000000-0000-4000-8000-000000000000", type: "Big", metadata: {} };
  const datas: { [key: string]: JsonValue }[] = [
    { list: Array.from({ length: 40_000 }, (_, i) => `ሰ${i}`) },
    { a: 1 },
  ];
  for (const data of datas) {
    const event = { ...big, data };
    expect(chainHashOf(GENESIS_HASH, "wallet-1", 3, event)).toBe(
      chainHash(GENESIS_HASH, "wallet-1", 3, eventBody(event)),
    );
  }
});
