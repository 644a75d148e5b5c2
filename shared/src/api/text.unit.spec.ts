import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loginRequestSchema, registerRequestSchema } from "./accounts.ts";
import { isCleanText, text } from "./text.ts";

const runs = { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) };
const controls = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
  "\u0085",
];

describe("text", () => {
  it("refuses every control character, naming the field, before any other rule", () => {
    const fullName = text("Full name").trim().min(3, "Too short.");
    for (const control of controls) {
      const result = fullName.safeParse(`Abebe${control}`);
      expect(result.error?.issues[0]?.message, JSON.stringify(control)).toBe(
        "Full name contains characters that are not allowed.",
      );
    }
  });

  it("allows tab, line feed and carriage return only in multi-line text", () => {
    for (const allowed of ["\t", "\n", "\r"]) {
      expect(isCleanText(`a${allowed}b`, { multiline: true })).toBe(true);
      expect(isCleanText(`a${allowed}b`)).toBe(false);
    }
    expect(isCleanText("a\u0000b", { multiline: true })).toBe(false);
  });

  it("refuses lone surrogates and U+FFFD, accepts paired surrogates, Amharic and emoji", () => {
    expect(isCleanText("\ud800")).toBe(false);
    expect(isCleanText("a\udc00")).toBe(false);
    expect(isCleanText("\ufffd")).toBe(false);
    expect(isCleanText("አበበ ከበደ 😀")).toBe(true);
  });

  it("accepts exactly the strings without a forbidden character", () => {
    const forbidden = (value: string) =>
      [...value].some((char) => {
        const code = char.codePointAt(0)!;
        return (
          code < 0x20 ||
          (code >= 0x7f && code <= 0x9f) ||
          (code >= 0xd800 && code <= 0xdfff) ||
          code === 0xfffd
        );
      });
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (value) => {
        expect(text("Field").safeParse(value).success).toBe(!forbidden(value));
      }),
      runs,
    );
  });

  it("says what is missing when the value is not a string", () => {
    expect(text("Search").safeParse(12).error?.issues[0]?.message).toBe("Search must be text.");
    expect(
      text("Phone", { required: "Phone is required." }).safeParse(undefined).error?.issues[0]
        ?.message,
    ).toBe("Phone is required.");
  });
});

describe("the API's schemas", () => {
  it("answer the probe's NUL sign-in and registration with the field's message", () => {
    expect(
      loginRequestSchema
        .safeParse({ phone: "\u0000", password: "\u0000" })
        .error?.issues.map((issue) => issue.message),
    ).toEqual([
      "Phone or Email contains characters that are not allowed.",
      "Password contains characters that are not allowed.",
    ]);
    const register = registerRequestSchema.safeParse({
      phone: "0911223344",
      fullName: "Abebe\u0000",
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(register.error?.issues[0]?.message).toBe(
      "Full name contains characters that are not allowed.",
    );
  });
});
