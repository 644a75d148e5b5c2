// The ledger's hash chain, reimplemented from docs/ledger.md and docs/audit.md alone.
import * as crypto from "node:crypto";

/** SHA-256, hex: one-shot where Node has it (20.12+), else through a Hash object. */
const sha256Hex = crypto.hash
  ? (text) => crypto.hash("sha256", text, "hex")
  : (text) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/** The prevHash of a stream's first event. */
export const GENESIS_HASH = "0".repeat(64);

/** Object keys as written in the text, `"key":`, kept for the few hundred names events use. */
const QUOTED_KEYS = new Map();
const MAX_QUOTED_KEYS = 10_000;

function quotedKey(key) {
  const known = QUOTED_KEYS.get(key);
  if (known !== undefined) return known;
  const quoted = `${JSON.stringify(key)}:`;
  if (QUOTED_KEYS.size < MAX_QUOTED_KEYS) QUOTED_KEYS.set(key, quoted);
  return quoted;
}

/** Canonical JSON: object keys sorted by UTF-16 code unit, no whitespace, JSON.stringify otherwise. */
export function canonicalJson(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  // Concatenated, without intermediate arrays: the audit and the verifier hash every event.
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++)
      text += i === 0 ? canonicalJson(value[i]) : `,${canonicalJson(value[i])}`;
    return `${text}]`;
  }
  const keys = sortedInPlace(Object.keys(value));
  let text = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    text += (i === 0 ? "" : ",") + quotedKey(key) + canonicalJson(value[key]);
  }
  return `${text}}`;
}

/** Keys by code unit (as `<` compares strings), by insertion: cheaper for an event's few keys. */
function sortedInPlace(keys) {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > key; j--) keys[j + 1] = keys[j];
    keys[j + 1] = key;
  }
  return keys;
}

/** SHA-256 over the UTF-8 bytes of prevHash "\n" streamId "\n" revision "\n" canonical body. */
export function eventHash(event) {
  // canonicalJson({id, type, data, metadata}), its four keys written in their sorted order.
  const body = `{"data":${canonicalJson(event.data)},"id":${JSON.stringify(event.id)},"metadata":${canonicalJson(event.metadata)},"type":${JSON.stringify(event.type)}}`;
  return sha256Hex(`${event.prevHash}\n${event.streamId}\n${event.revision}\n${body}`);
}

const PLAIN_POSITION = /^[1-9]\d{0,14}:[1-9]\d{0,14}$/;

/** Two whole numbers written without leading zeros, below 2^53: compared as numbers directly. */
function compareSafe(a, b) {
  const i = a.indexOf(":");
  const j = b.indexOf(":");
  const aMajor = Number(a.slice(0, i));
  const bMajor = Number(b.slice(0, j));
  if (aMajor !== bMajor) return aMajor < bMajor ? -1 : 1;
  const aMinor = Number(a.slice(i + 1));
  const bMinor = Number(b.slice(j + 1));
  return aMinor === bMinor ? 0 : aMinor < bMinor ? -1 : 1;
}

/** Orders two global positions "major:minor" as pairs of whole numbers. */
export function comparePositions(a, b) {
  if (PLAIN_POSITION.test(a) && PLAIN_POSITION.test(b)) return compareSafe(a, b);
  const [aMajor, aMinor] = a.split(":").map(BigInt);
  const [bMajor, bMinor] = b.split(":").map(BigInt);
  if (aMajor !== bMajor) return aMajor < bMajor ? -1 : 1;
  return aMinor === bMinor ? 0 : aMinor < bMinor ? -1 : 1;
}
