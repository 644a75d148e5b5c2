/**
 * The EventStore port: what the ledger needs from any event database.
 * Adapters: PostgreSQL (`postgres/`) and KurrentDB (`kurrentdb/`), held to one contract suite.
 */

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * A stream's expected position for an append: an exact revision (0 is the first event),
 * `no_stream` (the stream must not exist), `stream_exists`, or `any`.
 */
export type ExpectedRevision = number | "no_stream" | "stream_exists" | "any";

export interface NewEvent {
  /** UUID; appending an id again is a no-op that returns the original result. */
  id: string;
  type: string;
  data: JsonObject;
  metadata: JsonObject;
}

export interface RecordedEvent extends NewEvent {
  streamId: string;
  revision: number;
  /** Opaque, ordered global position; pass it back as `after` to continue reading. */
  position: string;
  recordedAt: Date;
  /** Hash chain per stream: `hash` covers `prevHash` and the event (see hash-chain.ts). */
  prevHash: string;
  hash: string;
}

/**
 * An event without what only the chain's checks and displays need (its recorded time and
 * hashes): what the read models are made of.
 */
export type UnchainedEvent = Omit<RecordedEvent, "recordedAt" | "prevHash" | "hash">;

export interface AppendResult {
  /** The stream's revision after the append (the last event's revision). */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: string;
  /** True when every event id was already stored: nothing was written. */
  duplicate: boolean;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  maxCount?: number;
  /** Only the events recorded at or before this moment (a balance as of a time). */
  recordedUntil?: Date;
}

/** A stream's last event: where the stream stands. */
export interface StreamHead {
  streamId: string;
  /** The last event's revision (the stream holds revision + 1 events). */
  revision: number;
  /** The last event's hash: the head of the stream's chain. */
  hash: string;
  position: string;
  recordedAt: Date;
}

export interface ListStreamsOptions {
  /** Streams whose id starts with this: a kind and its dash (`wallet-`), maybe more of the id. */
  prefix: string;
  /** Streams skipped, in the list's order (the latest written first). */
  offset?: number;
  limit: number;
}

export interface StreamsPage {
  /** The streams' heads, the stream whose last event is the latest in the global order first. */
  streams: StreamHead[];
  /** Streams with that prefix in all. */
  total: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; from the beginning when absent. */
  after?: string;
  maxCount: number;
}

export interface SubscribeOptions {
  after?: string;
  batchSize?: number;
  /**
   * At most one read per this many ms while appends keep coming (0: a read a few ms after each
   * wake-up): a follower that costs a transaction per batch (the projections) pays it per
   * interval rather than per append, for that much more delay under load.
   */
  minIntervalMs?: number;
  /** Handles one ordered batch; the subscription waits for it before reading on. */
  onEvents: (events: RecordedEvent[]) => Promise<void>;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventStore {
  readonly name: string;
  /**
   * True when `appendMany` stores its streams' events in one atomic write. Without it, a use
   * case touching two streams appends to each in turn (the transfer reactor finishes the second
   * after a crash) and `appendMany` refuses.
   */
  readonly atomicMultiStream: boolean;
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several distinct streams at once, all or none: each stream is checked against its
   * expected revision (WrongExpectedRevisionError names the first that does not match). A repeat
   * of an identical multi-append is a no-op returning the originals, as for `append`; an event
   * id already used elsewhere is refused (InvalidEventError). One result per append, in order.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** The stream's last event, or null when the stream has none. */
  streamHead(streamId: string): Promise<StreamHead | null>;
  /** Streams by the start of their id, with their heads, a page at a time (the explorer's list). */
  listStreams(options: ListStreamsOptions): Promise<StreamsPage>;
  /**
   * The revision of the event with this id in this stream, or null when the stream holds none:
   * how a repeated command whose decision is now refused finds what it stored before.
   */
  revisionOf(streamId: string, eventId: string): Promise<number | null>;
  /**
   * Global order, without ever skipping an event that commits after a later-numbered one:
   * a reader that follows `position` sees every event exactly once.
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * readAll's events without their recorded time and hashes, for a reader of the whole ledger
   * that neither checks nor shows them (a rebuild of the read models): PostgreSQL spends more on
   * turning those columns into text than on the rest of the read. Optional: readAllUnchained()
   * below falls back to readAll.
   */
  readAllUnchained?(options: ReadAllOptions): Promise<UnchainedEvent[]>;
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/** The events after `options.after` as UnchainedEvent, through the store's cheaper read if it has one. */
export function readAllUnchained(
  store: EventStore,
  options: ReadAllOptions,
): Promise<UnchainedEvent[]> {
  return store.readAllUnchained ? store.readAllUnchained(options) : store.readAll(options);
}

/** The stream's revision did not match the expected one; nothing was written. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = "WrongExpectedRevisionError";
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | "no_stream",
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}.`);
  }
}

/** An event was refused before anything was written (bad shape, bad id, reused id). */
export class InvalidEventError extends Error {
  override readonly name = "InvalidEventError";
}

/**
 * Orders two global positions of one store: negative when `a` comes first. Both adapters write a
 * position as two whole numbers, `major:minor` (PostgreSQL: transaction id and sequence;
 * KurrentDB: commit and prepare), ordered as a pair, the order `readAll` follows.
 */
export function comparePositions(a: string, b: string): number {
  const [aMajor, aMinor] = a.split(":").map(BigInt) as [bigint, bigint];
  const [bMajor, bMinor] = b.split(":").map(BigInt) as [bigint, bigint];
  if (aMajor !== bMajor) return aMajor < bMajor ? -1 : 1;
  return aMinor === bMinor ? 0 : aMinor < bMinor ? -1 : 1;
}
