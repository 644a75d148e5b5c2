import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json.ts";
import type { NewEvent } from "./event-store.ts";

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
  return createHash("sha256")
    .update(`${prevHash}\n${streamId}\n${revision}\n${body}`, "utf8")
    .digest("hex");
}
