import { type JsonValue, canonicalJson as ledgerCanonicalJson } from "@igp/ledger";
import fc from "fast-check";
import { expect, it } from "vitest";
import { canonicalJson, comparePositions } from "../../../tools/verify-export/lib/chain.mjs";

/** The verifier's own canonical JSON and position order agree with the ledger's on any input. */
it("writes the ledger's canonical JSON for any JSON value", () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      expect(canonicalJson(value)).toBe(ledgerCanonicalJson(value as JsonValue));
    }),
  );
});

it("orders positions as pairs of whole numbers, leading zeros and large numbers too", () => {
  const part = fc.oneof(
    fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
    fc.nat({ max: 99 }).map((n) => `0${n}`),
  );
  const position = fc.tuple(part, part).map(([a, b]) => `${a}:${b}`);
  fc.assert(
    fc.property(position, position, (a, b) => {
      const [aMajor, aMinor] = a.split(":").map(BigInt) as [bigint, bigint];
      const [bMajor, bMinor] = b.split(":").map(BigInt) as [bigint, bigint];
      const expected =
        aMajor !== bMajor
          ? aMajor < bMajor
            ? -1
            : 1
          : aMinor === bMinor
            ? 0
            : aMinor < bMinor
              ? -1
              : 1;
      expect(comparePositions(a, b)).toBe(expected);
    }),
  );
});
