import type { EventMetadata } from "../domain/metadata.ts";
import { type LedgerEvent, parseLedgerEvent } from "../domain/stream-kinds.ts";
import type { NewEvent } from "../event-store/event-store.ts";

export type Decide<State> = (state: State) => LedgerEvent[];

/** A decision on one stream, as `CommandHandler.execute` takes it. */
export interface StreamDecision<State> {
  decide: Decide<State>;
  metadata: EventMetadata;
  eventIds: (index: number) => string;
}

/** A stream's state at a revision, as the command handler decides on it. */
export interface Snapshot {
  revision: number;
  state: unknown;
  /** True when read from the store just now, false when it came from the cache. */
  fresh: boolean;
}

export interface StoredEvent {
  id: string;
  streamId: string;
  revision: number;
  event: LedgerEvent;
  metadata: EventMetadata;
}

/** The revision an append after this snapshot expects (a stream not written yet: none). */
export function expectedOf(snapshot: Snapshot) {
  return snapshot.revision < 0 ? ("no_stream" as const) : snapshot.revision;
}

export function toNewEvent(
  streamId: string,
  event: LedgerEvent,
  metadata: EventMetadata,
  id: string,
): NewEvent {
  // Validate against the stream's schemas: nothing malformed reaches the store.
  const parsed = parseLedgerEvent(streamId, event.type, event.data);
  return { id, type: parsed.type, data: parsed.data as NewEvent["data"], metadata };
}

/** New events as stored, the last of them at `lastRevision`. */
export function stored(streamId: string, events: NewEvent[], lastRevision: number): StoredEvent[] {
  const first = lastRevision - events.length + 1;
  return events.map((event, index) => ({
    id: event.id,
    streamId,
    revision: first + index,
    event: { type: event.type, data: event.data } as LedgerEvent,
    metadata: event.metadata as EventMetadata,
  }));
}
