import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LedgerError } from "./ledger-error.ts";
import { parseEventOfKind, parseLedgerEvent, streamKinds } from "./stream-kinds.ts";

/**
 * parseLedgerEvent validates with each event schema compiled (z.compile). The compiled parser
 * must answer exactly what zod's own parser answers: the same events accepted with the same data
 * (keys, order, unknown keys stripped), the same refused with the same first issue, which is what
 * an append's error and the audit's problem say. Inputs are made near each schema (its own
 * shapes, bounds and patterns, so that many pass), with wrong values, missing and unknown keys
 * mixed in.
 */

/** The parts of a zod 4 schema's definition the ledger's event schemas use. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  pattern?: RegExp;
  checks?: { _zod: { def: Check } }[];
}

interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  pattern?: RegExp;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Any JSON value: what a stored event's data may hold where the schema wants something else. */
const anyJson = fc.jsonValue({ maxDepth: 2 });

/**
 * An event's data for a schema: half of them as it describes (its shapes, bounds and patterns:
 * most pass), half with faults anywhere (wrong values, bounds crossed, keys missing or unknown).
 */
const eventData = (schema: z.ZodType) => fc.oneof(near(schema, false), near(schema, true));

/** Values close to the schema; `faulty`: sometimes anything at all in its place. */
function near(schema: z.ZodType, faulty: boolean): fc.Arbitrary<unknown> {
  const described = describedBy(schema, faulty);
  return faulty ? fc.oneof({ arbitrary: described, weight: 8 }, anyJson) : described;
}

function describedBy(schema: z.ZodType, faulty: boolean): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: z.ZodType) => near(child, faulty);
  switch (def.type) {
    case "object":
      return objectNear(def.shape!, faulty);
    case "optional":
      // Left out half the time: refinements over optional parts (a transfer's split) pass so.
      return fc.option(inner(def.innerType!), { nil: undefined, freq: 1 });
    case "nullable":
      return fc.option(inner(def.innerType!), { nil: null });
    case "string":
      return stringNear(def, faulty);
    case "number":
      return numberNear(def, faulty);
    case "enum": {
      const known = fc.constantFrom(...Object.values(def.entries!));
      return faulty ? fc.oneof(known, fc.string({ maxLength: 12 })) : known;
    }
    case "literal":
      return fc.constantFrom(...def.values!);
    case "array":
      return fc.array(inner(def.element!), { maxLength: 4 });
    case "record":
      return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType!), { maxKeys: 4 });
    case "custom":
      return anyJson;
    default:
      throw new Error(`No arbitrary for a ${def.type} schema: add one here.`);
  }
}

/** The shape's keys (faulty: each sometimes left out), sometimes an unknown key beside them. */
function objectNear(shape: Record<string, z.ZodType>, faulty: boolean): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape);
  const member = (key: string) => {
    const value = near(shape[key]!, faulty);
    return faulty ? fc.option(value, { nil: undefined, freq: 10 }) : value;
  };
  const members = Object.fromEntries(keys.map((key) => [key, member(key)]));
  return fc
    .tuple(fc.record(members), fc.option(fc.tuple(fc.string({ maxLength: 8 }), anyJson)))
    .map(([record, extra]) => {
      const object: Record<string, unknown> = {};
      for (const key of keys) if (record[key] !== undefined) object[key] = record[key];
      if (extra) object[extra[0]] = extra[1];
      return object;
    });
}

function stringNear(def: Def, faulty: boolean): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === "min_length")?.minimum ?? 0;
  const max = checks.find((c) => c.check === "max_length")?.maximum ?? Number.POSITIVE_INFINITY;
  const pattern = def.pattern ?? checks.find((c) => c.pattern)?.pattern;
  const within = pattern
    ? fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max)
    : fc.string({ minLength: min, maxLength: Math.min(max, 40) });
  if (!faulty) return within;
  const across = fc.string({ minLength: Math.max(0, min - 1), maxLength: Math.min(max, 40) + 1 });
  return fc.oneof({ arbitrary: within, weight: 3 }, across);
}

function numberNear(def: Def, faulty: boolean): fc.Arbitrary<number> {
  const bounds = checksOf(def)
    .filter((c) => c.check === "greater_than" || c.check === "less_than")
    .map((c) => c.value!);
  const within = fc.integer({ min: 1, max: Math.min(1_000_000, ...bounds.filter((b) => b > 1)) });
  if (!faulty) return within;
  const edges = [
    0,
    -1,
    0.5,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    ...bounds.flatMap((b) => [b - 1, b, b + 1]),
  ];
  return fc.oneof(
    { arbitrary: within, weight: 4 },
    fc.constantFrom(...edges),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** What zod's own parser (the schema as written, not compiled) makes of an event. */
function byZod(schema: z.ZodType, type: string, data: unknown) {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return { error: `Invalid ${type} event: ${where}${issue.message}` };
}

function byLedger(kind: keyof typeof streamKinds, type: string, data: unknown) {
  try {
    return { data: parseEventOfKind(kind, type, data).data };
  } catch (error) {
    expect(error).toBeInstanceOf(LedgerError);
    return { error: (error as Error).message };
  }
}

const eventTypes = Object.values(streamKinds).flatMap((kind) =>
  Object.entries(kind.events).map(([type, schema]) => ({ kind: kind.name, type, schema })),
);

describe("compiled event schemas answer what zod's parser answers", () => {
  it.each(eventTypes)("$kind $type", ({ kind, type, schema }) => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(eventData(schema), (data) => {
        const expected = byZod(schema, type, data);
        const actual = byLedger(kind, type, data);
        expect(actual).toStrictEqual(expected);
        // The same keys in the same order: the fold and the read models see the same object.
        expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
        if (expected.error) refused++;
        else accepted++;
      }),
      { numRuns: 400 },
    );
    // Both answers were exercised, so the comparison says something either way.
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  it("through the stream id as through the kind", () => {
    const data = { grantId: "g1", amount: 500, grantedBy: "admin", unknown: 1 };
    const event = {
      type: "BonusGranted",
      data: { grantId: "g1", amount: 500, grantedBy: "admin" },
    };
    expect(parseLedgerEvent("wallet-u1", "BonusGranted", data)).toStrictEqual(event);
    expect(parseEventOfKind("wallet", "BonusGranted", data)).toStrictEqual(event);
    expect(() => parseLedgerEvent("nope-u1", "BonusGranted", data)).toThrow(
      'Unknown stream kind in "nope-u1".',
    );
    expect(() => parseEventOfKind("wallet", "RoundOpened", data)).toThrow(
      'Unknown event type "RoundOpened" for wallet.',
    );
  });
});
