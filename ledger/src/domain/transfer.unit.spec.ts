import fc from "fast-check";
import { v5 as uuidv5 } from "uuid";
import { describe, expect, it } from "vitest";
import { stepId } from "./transfer.ts";

/** stepId names every stored event and transfer: it must stay the uuid package's v5, exactly. */
describe("stepId", () => {
  it("is the UUID v5 of the parts joined by ':' in the ledger's namespace", () => {
    expect(stepId("round-1", "ticket", "u1", "k")).toBe("f1d053ff-097e-570a-95b7-c36bb00e6f58");
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: "grapheme" }), fc.integer())), (parts) => {
        expect(stepId(...parts)).toBe(
          uuidv5(parts.join(":"), "7b0f4b8e-3c1e-4f7a-9d0e-5a2b6c8d9e10"),
        );
      }),
      { numRuns: 2_000 },
    );
  });
});
