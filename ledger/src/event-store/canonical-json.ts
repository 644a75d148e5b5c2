import type { JsonValue } from "./event-store.ts";

/**
 * Canonical JSON: object keys sorted by code unit, no whitespace. Two equal values always give
 * the same text, whatever order their keys were written in, so hashes survive a JSONB round trip.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  // Built by concatenation (no intermediate arrays): the audit hashes every event of the ledger.
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++)
      text += i === 0 ? canonicalJson(value[i]!) : `,${canonicalJson(value[i]!)}`;
    return `${text}]`;
  }
  const keys = Object.keys(value);
  if (keys.length > 1) keys.sort();
  let text = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    text += `${i === 0 ? "" : ","}${JSON.stringify(key)}:${canonicalJson(value[key]!)}`;
  }
  return `${text}}`;
}
