import fc from "fast-check";
import { z } from "zod";

/**
 * Generators of malformed requests for the fuzz test. Every body and path parameter they make is
 * invalid whatever the route: a body either is not an object of the route's fields, or holds at
 * least one field poisoned with a character no schema accepts; a path parameter is poisoned or a
 * random UUID that names nothing. So a route that changes state given a valid body never gets one.
 */

/** Characters no field accepts and that Number() does not trim (so "\u0001 5" is never 5). */
const POISON_CHARS = [
  ...Array.from({ length: 9 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 18 }, (_, i) => String.fromCharCode(0x0e + i)),
  "\u007f",
  "\u0085",
  "\ud800",
  "\udfff",
  "\ufffd",
];

/** A string holding at least one poison character, anywhere. */
export const poisoned = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...POISON_CHARS),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, poison, after]) => `${before}${poison}${after}`);

const nasty = fc.constantFrom(
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "%",
  "_",
  "%00",
  "\\",
  "../../etc/passwd",
  "9".repeat(400),
  "-1",
  "-0",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "{{7*7}}",
  "__proto__",
  "constructor",
);

const WEIRD_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "",
  "\u0000",
  "a".repeat(300),
];

/** A JSON tree written by hand, so it can hold what JSON.stringify cannot (1e309, __proto__). */
export type Json =
  | null
  | boolean
  | number
  | string
  | { raw: string }
  | { array: Json[] }
  | { object: [string, Json][] };

/** The JSON text of a tree. */
export function jsonText(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if ("raw" in value) return value.raw;
  if ("array" in value) return `[${value.array.map(jsonText).join(",")}]`;
  return `{${value.object.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(",")}}`;
}

const rawNumber = fc
  .constantFrom(
    "1e309",
    "-1e309",
    "-0",
    "1e-400",
    "123456789012345678901234567890",
    "0.1e1",
    "5e-324",
  )
  .map((raw) => ({ raw }));

const scalar: fc.Arbitrary<Json> = fc.oneof(
  poisoned,
  nasty,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  rawNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("x".repeat(20_000)),
);

/** Nested arrays and objects, with keys that poison prototypes if code is careless. */
const tree: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("node"), { maxLength: 3 }).map((array) => ({ array })),
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...WEIRD_KEYS), fc.string({ maxLength: 4 })),
          tie("node"),
        ),
        {
          maxLength: 3,
        },
      )
      .map((object) => ({ object })),
  ),
})).node;

/** The top-level field names of a route's zod schema (body or query), if it has any. */
export function fieldsOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/** An object of the route's fields, one of them poisoned, the others anything; weird keys too. */
function poisonedObject(fields: string[]): fc.Arbitrary<[string, Json][]> {
  const names = fields.length > 0 ? fields : ["value"];
  return fc
    .tuple(
      fc.constantFrom(...names),
      poisoned,
      fc.array(fc.tuple(fc.constantFrom(...names, ...WEIRD_KEYS), tree), { maxLength: 5 }),
    )
    .map(([target, poison, others]) => [
      // The poisoned field last, so a repeated key cannot override it.
      ...others.filter(([key]) => key !== target),
      [target, poison],
    ]);
}

export interface MalformedBody {
  contentType?: string;
  body: string | Uint8Array;
  kind: string;
}

const encoder = new TextEncoder();
/** A form field's text: strings as they are (poison included), other values as JSON. */
const formValue = (value: Json) => (typeof value === "string" ? value : jsonText(value));
const BOUNDARY = "----fuzz";
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, bytes: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n`;

/** Invalid bodies for a route whose body has `fields`, in every content type a client could send. */
export function malformedBody(fields: string[]): fc.Arbitrary<MalformedBody> {
  const json = "application/json";
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  return fc.oneof(
    poisonedObject(fields).map((object) => ({
      kind: "poisoned JSON",
      contentType: json,
      body: jsonText({ object }),
    })),
    // Anything but an object with the route's fields (weird keys only).
    fc
      .oneof(
        scalar,
        fc.array(tree, { maxLength: 3 }).map((array) => ({ array })),
        fc
          // At least one key: `{}` is the right body of a route that takes no fields.
          .array(fc.tuple(fc.constantFrom(...WEIRD_KEYS), tree), { minLength: 1, maxLength: 3 })
          .map((object) => ({ object })),
      )
      .map((value) => ({ kind: "wrong JSON", contentType: json, body: jsonText(value) })),
    fc
      .constantFrom("", "{", '{"a":', "[1,2", "nul", '{"a":1}}', '{"a":NaN}', "\u0000")
      .map((body) => ({ kind: "broken JSON", contentType: json, body })),
    poisonedObject(fields).map((object) => {
      // Valid UTF-8 around an invalid sequence.
      const text = encoder.encode(jsonText({ object }));
      return {
        kind: "invalid UTF-8",
        contentType: json,
        body: new Uint8Array([...text.slice(0, 1), 0xc3, 0x28, 0xff, ...text.slice(1)]),
      };
    }),
    fc.constant({ kind: "huge JSON", contentType: json, body: `{"a":"${"x".repeat(1_100_000)}"}` }),
    fc
      .tuple(
        fc.constantFrom(
          "text/plain",
          "application/xml",
          "application/x-www-form-urlencoded",
          "application/octet-stream",
          "application/json; charset=utf-16",
          "multipart/form-data",
          "multipart/mixed; boundary=x",
          "",
        ),
        fc.string({ maxLength: 40 }),
      )
      .map(([contentType, body]) => ({
        kind: "wrong content type",
        contentType: contentType || undefined,
        body: contentType.includes("json") ? jsonText(body) : body,
      })),
    poisonedObject(fields).map((object) => ({
      kind: "poisoned form",
      contentType: multipart,
      body: `${object.map(([key, value]) => part(key, formValue(value))).join("")}--${BOUNDARY}--\r\n`,
    })),
    fc.tuple(poisonedObject(fields), fc.nat({ max: 200 })).map(([object, cut]) => {
      const whole = object.map(([key, value]) => part(key, formValue(value))).join("");
      return {
        kind: "truncated form",
        contentType: multipart,
        body: whole.slice(0, Math.max(1, whole.length - cut)),
      };
    }),
    fc.constantFrom(
      {
        kind: "wrong boundary",
        contentType: "multipart/form-data; boundary=other",
        body: `${part("a", "b")}--${BOUNDARY}--\r\n`,
      },
      {
        kind: "too many fields",
        contentType: multipart,
        body: `${Array.from({ length: 30 }, (_, i) => part(`f${i}`, "\u0000")).join("")}--${BOUNDARY}--\r\n`,
      },
      {
        kind: "two files",
        contentType: multipart,
        body: `${filePart("a", "\u0000")}${filePart("b", "\u0000")}--${BOUNDARY}--\r\n`,
      },
      {
        kind: "__proto__ field",
        contentType: multipart,
        body: `${part("__proto__", "x")}${part("constructor", "x")}--${BOUNDARY}--\r\n`,
      },
    ),
    poisonedObject(fields).map((object) => ({
      kind: "form with a garbage file",
      contentType: multipart,
      body: `${object.map(([key, value]) => part(key, formValue(value))).join("")}${filePart(fields.at(-1) ?? "file", "GIF89a\u0000garbage")}--${BOUNDARY}--\r\n`,
    })),
  );
}

/** A path parameter: poisoned, or a random UUID (a syntactically valid id of nothing). */
export const malformedParam = fc.oneof(
  poisoned,
  fc.uuid(),
  fc.constantFrom("9".repeat(400), "-1", "0", "1e309", "NaN", "..", "%", "__proto__", " "),
);

/** A query string of the route's fields and others, with poisoned, repeated and huge values. */
export function malformedQuery(fields: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    poisoned,
    nasty,
    fc.string({ maxLength: 20 }),
    fc.constant("y".repeat(4_000)),
  );
  const key = fc.constantFrom(...fields, "page", "search", ...WEIRD_KEYS.slice(0, 5));
  return fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&"));
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the invalid
 * UTF-8 bytes it would naively encode to (e.g. %ED%A0%80).
 */
export function percentEncode(text: string): string {
  return text.replace(/[\s\S]/gu, (char) => {
    const code = char.codePointAt(0)!;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join("");
  });
}
