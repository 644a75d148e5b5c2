import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundCodeSchema } from "./api/games.ts";
import { CODE_ALPHABET, CODE_LENGTH, isRoundCode } from "./words.ts";

/** The page's check of an address (no zod) and the API's schema agree on every code. */
describe("a round code", () => {
  const alphabet = fc.constantFrom(...CODE_ALPHABET);
  const nearly = fc.constantFrom(...`${CODE_ALPHABET}01ILOa -`);

  it("is what the API's schema accepts, written as the schema writes it", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: alphabet, minLength: CODE_LENGTH, maxLength: CODE_LENGTH }),
          fc.string({ unit: nearly, minLength: CODE_LENGTH - 1, maxLength: CODE_LENGTH + 1 }),
        ),
        (code) => {
          const parsed = roundCodeSchema.safeParse(code);
          // The schema trims and upper-cases; a code the page checks is already written so.
          if (code === code.trim().toUpperCase()) expect(isRoundCode(code)).toBe(parsed.success);
          else expect(isRoundCode(code)).toBe(false);
        },
      ),
    );
    expect(isRoundCode("ABCD2345")).toBe(true);
    expect(isRoundCode("ABCD234O")).toBe(false);
  });
});
