// The ledger's hash chain, reimplemented from docs/ledger.md and docs/audit.md alone.
import { createHash } from "node:crypto";

/** The prevHash of a stream's first event. */
export const GENESIS_HASH = "0".repeat(64);

/** Canonical JSON: object keys sorted by UTF-16 code unit, no whitespace, JSON.stringify otherwise. */
export function canonicalJson(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const members = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
  return `{${members.join(",")}}`;
}

/** SHA-256 over the UTF-8 bytes of prevHash "\n" streamId "\n" revision "\n" canonical body. */
export function eventHash(event) {
  const body = canonicalJson({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });
  return createHash("sha256")
    .update(`${event.prevHash}\n${event.streamId}\n${event.revision}\n${body}`, "utf8")
    .digest("hex");
}

/** Orders two global positions "major:minor" as pairs of whole numbers. */
export function comparePositions(a, b) {
  const [aMajor, aMinor] = a.split(":").map(BigInt);
  const [bMajor, bMinor] = b.split(":").map(BigInt);
  if (aMajor !== bMajor) return aMajor < bMajor ? -1 : 1;
  return aMinor === bMinor ? 0 : aMinor < bMinor ? -1 : 1;
}
