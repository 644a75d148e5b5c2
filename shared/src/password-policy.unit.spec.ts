import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES, passwordProblem } from "./password-policy.ts";
import { normalisePhone } from "./phone.ts";

const messages = { required: "required", tooShort: "too short" };

describe("password policy", () => {
  it("never counts surrounding spaces", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.nat(8), fc.nat(8), (core, left, right) => {
        const padded = `${" ".repeat(left)}${core.trim()}${" ".repeat(right)}`;
        for (const audience of ["player", "staff"] as const)
          expect(passwordProblem(padded, audience, messages)).toBe(
            passwordProblem(core.trim(), audience, messages),
          );
      }),
    );
  });

  it("accepts for staff only what it accepts for players", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (password) => {
        if (passwordProblem(password, "staff", messages) === null)
          expect(passwordProblem(password, "player", messages)).toBeNull();
      }),
    );
  });

  it("refuses one repeated character and straight runs", () => {
    fc.assert(
      fc.property(fc.constantFrom(..."ab1x9"), fc.integer({ min: 6, max: 20 }), (char, n) => {
        expect(passwordProblem(char.repeat(n), "player", messages)).not.toBeNull();
      }),
    );
    for (const trivial of ["abc123", "abcdef123456", "aaaaa1", "password1", "fedcba987"])
      expect(passwordProblem(trivial, "player", messages)).toBe(PASSWORD_MESSAGES.trivial);
    expect(passwordProblem("secret12", "player", messages)).toBeNull();
    expect(passwordProblem("secret12", "staff", messages)).toBe(PASSWORD_MESSAGES.staffTooShort);
    expect(passwordProblem("float-keeper-7", "staff", messages)).toBeNull();
  });
});

describe("phones", () => {
  it("gives one E.164 form for every way of writing an Ethiopian number", () => {
    for (const form of ["0936164659", "+251936164659", "251936164659", "+251 93 616 4659"])
      expect(normalisePhone(form)).toBe("+251936164659");
    expect(normalisePhone("0936164659", "KE")).not.toBe("+251936164659");
    expect(normalisePhone("+2519999")).toBeNull();
  });
});
