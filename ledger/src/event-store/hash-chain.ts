import * as crypto from "node:crypto";
import { canonicalJson } from "./canonical-json.ts";
import type { NewEvent } from "./event-store.ts";

/**
 * SHA-256 of a text's UTF-8 bytes, hex: one-shot where Node has it (20.12+; no Hash object per
 * event, and the audit hashes every event of the ledger), else through a Hash object.
 */
const sha256Hex: (text: string) => string = crypto.hash
  ? (text) => crypto.hash("sha256", text, "hex")
  : (text) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/** The prevHash of a stream's first event. */
export const GENESIS_HASH = "0".repeat(64);

/** The canonical text of an event's content, the part of it the hash covers. */
export function eventBody(event: NewEvent): string {
  // canonicalJson({id, type, data, metadata}) with its four keys written in their sorted order.
  return `{"data":${canonicalJson(event.data)},"id":${JSON.stringify(event.id)},"metadata":${canonicalJson(event.metadata)},"type":${JSON.stringify(event.type)}}`;
}

/**
 * hash = SHA-256(prevHash "\n" streamId "\n" revision "\n" body), hex.
 * The PostgreSQL adapter computes the same formula inside its append function.
 */
export function chainHash(prevHash: string, streamId: string, revision: number, body: string) {
  return sha256Hex(`${prevHash}\n${streamId}\n${revision}\n${body}`);
}
