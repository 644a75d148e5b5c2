import * as crypto from "node:crypto";
import { sortedInPlace } from "./canonical-json.ts";
import type { JsonValue, NewEvent } from "./event-store.ts";

/*
 * The chain's hashed bytes (hash-chain.ts: prevHash "\n" streamId "\n" revision "\n" body, the
 * body the canonical JSON of {id, type, data, metadata}) written straight into one reused buffer
 * and hashed there. The same bytes as `chainHash(..., eventBody(event))`, held to it by a
 * property test, without building the text: the audit hashes every event of the ledger, and the
 * texts it concatenated (several KB an event, flattened and copied to UTF-8) were most of its
 * garbage, whose collections promoted the scan's rows with them (docs/audit.md, Figures).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Object keys as written, `"key":`, in bytes, kept for the few hundred names events use. */
const KEY_BYTES = new Map<string, Buffer>();
const MAX_KEY_BYTES = 10_000;

let bytes = Buffer.allocUnsafe(64 * 1024);
let length = 0;

/** The chain hash of `event` appended to a stream at `revision` after `prevHash`, hex. */
export function chainHashOf(
  prevHash: string,
  streamId: string,
  revision: number,
  event: NewEvent,
): string {
  length = 0;
  writeText(prevHash);
  writeByte(0x0a);
  writeText(streamId);
  writeByte(0x0a);
  writeInteger(revision);
  writeByte(0x0a);
  writeAscii('{"data":');
  writeValue(event.data);
  writeAscii(',"id":');
  writeString(event.id);
  writeAscii(',"metadata":');
  writeValue(event.metadata);
  writeAscii(',"type":');
  writeString(event.type);
  writeByte(0x7d);
  return crypto.hash("sha256", bytes.subarray(0, length), "hex");
}

function writeValue(value: JsonValue) {
  if (value === null) return writeAscii("null");
  switch (typeof value) {
    case "string":
      return writeString(value);
    case "number":
      return Number.isSafeInteger(value) ? writeInteger(value) : writeText(JSON.stringify(value));
    case "boolean":
      return writeAscii(value ? "true" : "false");
  }
  if (Array.isArray(value)) {
    writeByte(0x5b);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) writeByte(0x2c);
      writeValue(value[i]!);
    }
    return writeByte(0x5d);
  }
  writeObject(value);
}

function writeObject(value: { [key: string]: JsonValue }) {
  const keys = sortedInPlace(Object.keys(value));
  writeByte(0x7b);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0) writeByte(0x2c);
    writeKey(key);
    writeValue(value[key]!);
  }
  writeByte(0x7d);
}

function writeKey(key: string) {
  let written = KEY_BYTES.get(key);
  if (written === undefined) {
    written = Buffer.from(`${JSON.stringify(key)}:`, "utf8");
    if (KEY_BYTES.size < MAX_KEY_BYTES) KEY_BYTES.set(key, written);
  }
  room(written.length);
  bytes.set(written, length);
  length += written.length;
}

/**
 * A string as JSON writes it: printable ASCII without quote or backslash byte by byte (nearly
 * every string of an event), anything else through JSON.stringify and UTF-8.
 */
function writeString(text: string) {
  room(text.length + 2);
  const start = length;
  bytes[length++] = QUOTE;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === QUOTE || code === BACKSLASH) {
      length = start;
      return writeText(JSON.stringify(text));
    }
    bytes[length++] = code;
  }
  bytes[length++] = QUOTE;
}

/** A non-negative or negative safe integer's decimal digits, as String(value) writes them. */
function writeInteger(value: number) {
  if (value < 0) {
    if (Object.is(value, -0)) return writeByte(0x30);
    writeByte(0x2d);
    value = -value;
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  room(digits);
  for (let i = length + digits - 1; i >= length; i--) {
    bytes[i] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
  length += digits;
}

function writeAscii(text: string) {
  room(text.length);
  for (let i = 0; i < text.length; i++) bytes[length++] = text.charCodeAt(i);
}

/** Any text in UTF-8 (at most 3 bytes a UTF-16 unit). */
function writeText(text: string) {
  room(text.length * 3);
  length += bytes.write(text, length, "utf8");
}

function writeByte(byte: number) {
  room(1);
  bytes[length++] = byte;
}

/** Makes room for `needed` more bytes, keeping what is written. */
function room(needed: number) {
  if (length + needed <= bytes.length) return;
  const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + needed));
  bytes.copy(grown, 0, 0, length);
  bytes = grown;
}
