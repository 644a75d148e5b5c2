import fc from "fast-check";
import { expect, it } from "vitest";
import { containing } from "./like-pattern.ts";

/** LIKE's matching, written out: `\x` is a literal x, `%` any run, `_` one character. */
function likeMatches(pattern: string, value: string): boolean {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "\\") source += escapeRegExp(pattern[++i] ?? "");
    else if (char === "%") source += "[\\s\\S]*";
    else if (char === "_") source += "[\\s\\S]";
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, "u").test(value);
}
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

it("escapes backslash, percent and underscore", () => {
  expect(containing("50%_off\\")).toBe("%50\\%\\_off\\\\%");
});

it("matches exactly the values that contain the search literally", () => {
  const chars = fc.constantFrom("a", "b", "%", "_", "\\");
  const word = fc.string({ unit: chars, maxLength: 6 });
  fc.assert(
    fc.property(word, word, (search, value) => {
      expect(likeMatches(containing(search), value)).toBe(value.includes(search));
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
  );
});
