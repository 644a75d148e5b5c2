import type { JsonValue } from "./event-store.ts";

/**
 * Canonical JSON: object keys sorted by code unit, no whitespace. Two equal values always give
 * the same text, whatever order their keys were written in, so hashes survive a JSONB round trip.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  const members = keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`);
  return `{${members.join(",")}}`;
}
