import { canonicalText, chainLinkHash, verifyChain } from "@igp/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";
import type { JsonObject } from "./event-store.ts";
import { chainHash, eventBody, GENESIS_HASH } from "./hash-chain.ts";

/**
 * The back office's ledger explorer checks the chain in the browser with shared/'s Web Crypto
 * functions: they must give the ledger's own bytes and hashes, for any content.
 */
const content = fc.dictionary(fc.string(), fc.jsonValue()) as fc.Arbitrary<JsonObject>;
const event = fc.record({
  id: fc.uuid(),
  type: fc.string({ minLength: 1 }),
  data: content,
  metadata: content,
});

describe("the explorer's chain check agrees with the ledger", () => {
  it("writes the same canonical JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalText(value)).toBe(canonicalJson(value as never));
      }),
    );
  });

  it("computes the same link hash, and finds a changed event", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        async (events, pick) => {
          const stream = "wallet-00000000-0000-4000-8000-000000000001";
          let prev = GENESIS_HASH;
          const stored = events.map((e, revision) => {
            const hash = chainHash(prev, stream, revision, eventBody(e));
            const row = { ...e, revision, prevHash: prev, hash };
            prev = hash;
            return row;
          });
          const verdicts = await verifyChain(stream, stored, null);
          expect(verdicts.every((v) => v.contentOk && v.linkOk)).toBe(true);
          expect(await chainLinkHash(stored[0]!.prevHash, stream, stored[0]!)).toBe(
            stored[0]!.hash,
          );
          // One event's content changed after it was hashed: that event, and only it, is broken.
          const changed = pick % stored.length;
          const tampered = stored.map((e, i) =>
            i === changed ? { ...e, data: { ...e.data, tampered: !e.data.tampered } } : e,
          );
          const after = await verifyChain(stream, tampered, null);
          expect(after.map((v) => v.contentOk)).toEqual(stored.map((_, i) => i !== changed));
        },
      ),
      { numRuns: 50 },
    );
  });
});
