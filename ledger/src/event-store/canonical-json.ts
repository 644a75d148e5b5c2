import type { JsonValue } from "./event-store.ts";

/** Object keys as written in the text, `"key":`, kept for the few hundred names events use. */
const QUOTED_KEYS = new Map<string, string>();
const MAX_QUOTED_KEYS = 10_000;

function quotedKey(key: string): string {
  const known = QUOTED_KEYS.get(key);
  if (known !== undefined) return known;
  const quoted = `${JSON.stringify(key)}:`;
  if (QUOTED_KEYS.size < MAX_QUOTED_KEYS) QUOTED_KEYS.set(key, quoted);
  return quoted;
}

/**
 * Canonical JSON: object keys sorted by code unit, no whitespace. Two equal values always give
 * the same text, whatever order their keys were written in, so hashes survive a JSONB round trip.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  // Concatenated, without intermediate arrays: the audit and the verifier hash every event.
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++)
      text += i === 0 ? canonicalJson(value[i]!) : `,${canonicalJson(value[i]!)}`;
    return `${text}]`;
  }
  const keys = sortedInPlace(Object.keys(value));
  let text = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    text += (i === 0 ? "" : ",") + quotedKey(key) + canonicalJson(value[key]!);
  }
  return `${text}}`;
}

/**
 * Keys by code unit (as `<` compares strings), by insertion: an event's objects have a handful
 * of keys, where this costs a third less than Array.prototype.sort (measured on stored events).
 */
export function sortedInPlace(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}
