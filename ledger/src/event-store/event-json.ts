import type { LedgerEventView } from "@igp/shared";
import type { RecordedEvent } from "./event-store.ts";

/**
 * A stored event as JSON, with its place in the ledger and its hash chain link: one line of an
 * export and one row of the explorer's stream page (shared/src/api/ledger-explorer.ts). The
 * order of the keys is the export's line format (docs/audit.md).
 */
export function eventAsJson(event: RecordedEvent): LedgerEventView {
  return {
    position: event.position,
    streamId: event.streamId,
    revision: event.revision,
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
    prevHash: event.prevHash,
    hash: event.hash,
  };
}
