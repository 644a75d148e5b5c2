/**
 * The ledger's hash chain as a reader checks it (docs/ledger.md): each event's
 * hash = SHA-256(prevHash "\n" streamId "\n" revision "\n" body), hex, where body is the
 * canonical JSON (keys sorted by code unit, no whitespace) of {id, type, data, metadata}; the
 * first prevHash is 64 zeros. Web Crypto only, so the back office's ledger explorer checks in
 * the browser the same bytes the server hashed (a test holds it to ledger/'s own functions).
 */
export const GENESIS_PREV_HASH = "0".repeat(64);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Canonical JSON, as ledger/src/event-store/canonical-json.ts writes it. */
export function canonicalText(value: unknown): string {
  const json = value as Json;
  if (json === null || typeof json !== "object") return JSON.stringify(json);
  if (Array.isArray(json)) return `[${json.map(canonicalText).join(",")}]`;
  const members = Object.keys(json)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalText(json[key])}`);
  return `{${members.join(",")}}`;
}

export interface ChainedEvent {
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  prevHash: string;
  hash: string;
}

const encoder = new TextEncoder();

/** The hash an event must carry, recomputed from its content and its predecessor's hash. */
export async function chainLinkHash(
  prevHash: string,
  streamId: string,
  event: Pick<ChainedEvent, "revision" | "id" | "type" | "data" | "metadata">,
): Promise<string> {
  const body = canonicalText({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });
  const text = `${prevHash}\n${streamId}\n${event.revision}\n${body}`;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** One event's verdict: its own hash recomputed, and its link to the event before it. */
export interface LinkVerdict {
  revision: number;
  /** The hash recomputed from the event's content. */
  computed: string;
  /** The recomputed hash equals the stored one (the content is what was hashed). */
  contentOk: boolean;
  /** Its prevHash is the previous event's hash (or 64 zeros for revision 0). */
  linkOk: boolean;
}

/**
 * Checks a run of consecutive events of one stream. `before` is the hash of the event just
 * before the run, when the reader has it (null: the run's first prevHash is taken as given,
 * unless the run starts at revision 0).
 */
export async function verifyChain(
  streamId: string,
  events: ChainedEvent[],
  before: string | null,
): Promise<LinkVerdict[]> {
  const verdicts: LinkVerdict[] = [];
  let previous = events[0]?.revision === 0 ? GENESIS_PREV_HASH : before;
  let previousRevision = (events[0]?.revision ?? 0) - 1;
  for (const event of events) {
    const computed = await chainLinkHash(event.prevHash, streamId, event);
    verdicts.push({
      revision: event.revision,
      computed,
      contentOk: computed === event.hash,
      linkOk:
        event.revision === previousRevision + 1 &&
        (previous === null || event.prevHash === previous),
    });
    previous = event.hash;
    previousRevision = event.revision;
  }
  return verdicts;
}
