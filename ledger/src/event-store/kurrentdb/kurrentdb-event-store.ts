import {
  BACKWARDS,
  END,
  jsonEvent,
  type AppendResult as KurrentAppendResult,
  KurrentDBClient,
  type ReadStreamOptions as KurrentReadStreamOptions,
  type RecordedEvent as KurrentRecordedEvent,
  MaxAppendSizeExceededError,
  NO_STREAM,
  type Position,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from "@kurrent/kurrentdb-client";
import { LRUCache } from "lru-cache";
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  InvalidEventError,
  type JsonObject,
  type ListStreamsOptions,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamHead,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from "../event-store.ts";
import { chainHash, eventBody, GENESIS_HASH } from "../hash-chain.ts";
import { createWakeups, pollingSubscription } from "../subscription-loop.ts";
import { assertValidAppend, assertValidStreamId } from "../validate-new-events.ts";

export interface KurrentDbEventStoreOptions {
  /** e.g. `kurrentdb://admin:changeit@localhost:2113?tls=false` (reading $all needs an admin). */
  connectionString: string;
  idlePollMs?: number;
}

/**
 * How many of a stream's newest events an append searches for its own ids: an append that
 * already carries claims (below) needs no window; this finds the appends of the adapter's earlier
 * versions, which wrote none, and refuses their ids reused.
 */
const DUPLICATE_WINDOW = 200;
/** Read-check-write rounds an append gets while other writers keep moving the stream's head. */
const MAX_APPEND_ATTEMPTS = 10;
const KNOWN_IDS = 100_000;
/** Events read at a time when a stream is read up to a moment. */
const UNTIL_PAGE = 500;
const ID_REUSED = "An event id in this append is already used by another append.";
/**
 * Each event id's claims live in a stream of their own, `ledger-id-<id>` (not a ledger stream:
 * readAll skips them). KurrentDB has no index by event id, and its own idempotent append holds
 * only for a retry sent with the SAME expected revision (with `any` it is best effort, from a
 * cache of recent ids): the ledger re-decides a retried command on the stream's current state,
 * so its retry comes with a later revision. A claim records where an attempt to store the id
 * was made (the stream, the head it chained onto, the append's size), so a retry at any
 * distance, from any process, after any restart, reads the few events there and answers the
 * original result (see `findClaimed`).
 */
const CLAIM_PREFIX = "ledger-id-";
const CLAIM_TYPE = "AppendClaimed";

/** What an event's KurrentDB metadata holds: the caller's metadata and the chain link. */
type StoredMetadata = { metadata: JsonObject; prevHash: string; hash: string };

type Attempt = { result: AppendResult } | { conflict: number | "no_stream" };

/** One attempt to store an id: in `streamId`, among `count` events after revision `head`. */
type Claim = { streamId: string; head: number; count: number };
/** An id's claims so far, and the revision of its claim stream (-1: none yet). */
type Claims = { id: string; claims: Claim[]; revision: number };

export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const wakeups = createWakeups();
  // Event id -> stream of the appends this process saw. Without a global id index this is the
  // only way to refuse an id reused in another stream; other processes' appends escape it.
  const knownIds = new LRUCache<string, string>({ max: KNOWN_IDS });

  async function readEvents(streamId: string, readOptions: KurrentReadStreamOptions) {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, readOptions)) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** The position readAll reports for the event at `revision` (the append reply may differ). */
  async function positionAt(streamId: string, revision: number): Promise<string> {
    const [event] = await readEvents(streamId, { fromRevision: BigInt(revision), maxCount: 1 });
    if (event?.revision !== revision) {
      throw new Error(`Stream ${streamId}: appended revision ${revision} could not be read back.`);
    }
    return event.position;
  }

  /** The claims made so far for one event id (none: an id never tried). */
  async function readClaims(id: string): Promise<Claims> {
    const claims: Claim[] = [];
    try {
      for await (const { event } of client.readStream(claimStream(id))) {
        if (event && isClaim(event.data)) claims.push(event.data);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return { id, claims, revision: claims.length - 1 };
  }

  /**
   * The events of this append already stored, found through their ids' claims: at each claimed
   * place, the `count` events after `head`. Null when none of the ids is stored anywhere; an id
   * claimed for another stream, or an append stored only in part, is a reuse (refused).
   */
  async function findClaimed(
    streamId: string,
    events: NewEvent[],
    claimsById: Claims[],
  ): Promise<AppendResult | null> {
    const reads = new Map<string, Promise<RecordedEvent[]>>();
    const found: RecordedEvent[] = [];
    for (const [index, { claims }] of claimsById.entries()) {
      const id = events[index]!.id.toLowerCase();
      for (const claim of claims) {
        if (claim.streamId !== streamId) throw new InvalidEventError(ID_REUSED);
        const key = `${claim.head}/${claim.count}`;
        if (!reads.has(key)) {
          reads.set(
            key,
            readEvents(streamId, { fromRevision: BigInt(claim.head + 1), maxCount: claim.count }),
          );
        }
        const stored = (await reads.get(key)!).find((event) => event.id.toLowerCase() === id);
        if (stored) {
          found.push(stored);
          break;
        }
      }
    }
    if (found.length === 0) return null;
    if (found.length < events.length) throw new InvalidEventError(ID_REUSED);
    const last = found.reduce((a, b) => (b.revision > a.revision ? b : a));
    return { nextRevision: last.revision, position: last.position, duplicate: true };
  }

  /**
   * Records, for every id, that this attempt stores it after `head`: each claim stream at the
   * exact revision read, so an attempt that claims has seen every earlier claim of its ids and
   * checked them. False when another attempt claimed one of the ids meanwhile (read again).
   */
  async function claim(streamId: string, head: number, count: number, claimsById: Claims[]) {
    const data: Claim = { streamId, head, count };
    const outcomes = await Promise.all(
      claimsById.map(async ({ id, revision }) => {
        try {
          await client.appendToStream(
            claimStream(id),
            jsonEvent({ type: CLAIM_TYPE, data: { ...data } }),
            { streamState: revision < 0 ? NO_STREAM : BigInt(revision) },
          );
          return true;
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) return false;
          throw error;
        }
      }),
    );
    return outcomes.every(Boolean);
  }

  /**
   * One read-check-write round; `conflict` when another writer moved the head meanwhile.
   * Order, for a retry to be found at any distance and two racing twins to store once: read
   * the ids' claims, look at each claimed place (found: the original result), read the head,
   * claim every id at that head, append at exactly that head. A twin that claims later has
   * checked this claim; if it found nothing, this append had not landed, and both then append
   * at heads of which only the first can still be current: one stores, the other conflicts and
   * finds it through the claims on its next round.
   */
  async function tryAppend(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<Attempt> {
    const claimsById = await Promise.all(events.map((event) => readClaims(event.id.toLowerCase())));
    const claimed = await findClaimed(streamId, events, claimsById);
    if (claimed) return { result: claimed };

    // Newest first: the head to chain onto, then the window searched for unclaimed duplicates.
    const tail = await readEvents(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: DUPLICATE_WINDOW,
    });
    const original = findOriginal(streamId, events, tail, knownIds);
    if (original) return { result: original };

    const head = tail[0];
    const actual = head ? head.revision : "no_stream";
    if (!matchesExpected(expected, actual)) {
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
    if (!(await claim(streamId, head ? head.revision : -1, events.length, claimsById))) {
      return { conflict: actual };
    }

    let written: KurrentAppendResult;
    try {
      // Always the exact head we chained onto, so two writers can never fork the chain.
      written = await client.appendToStream(streamId, chainEvents(streamId, events, head), {
        streamState: head ? BigInt(head.revision) : NO_STREAM,
      });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        return { conflict: toActual(error.actualState) };
      }
      throw translateError(error);
    }
    if (!written.success) return { conflict: toActual(written.nextExpectedRevision) };

    for (const event of events) knownIds.set(event.id.toLowerCase(), streamId);
    const nextRevision = Number(written.nextExpectedRevision);
    const position = await positionAt(streamId, nextRevision);
    return { result: { nextRevision, position, duplicate: false } };
  }

  const store: EventStore = {
    name: "kurrentdb",
    // The installed client (1.3) has `multiStreamAppend` (KurrentDB 25.1+, protocol v2), but it
    // takes string-valued properties, not this adapter's metadata (the caller's JSON with the hash
    // chain link), and no server here can prove a translation: a use case spanning two streams
    // appends to each in turn, and the transfer reactor finishes it after a crash.
    atomicMultiStream: false,

    async appendMany() {
      throw new Error("The KurrentDB adapter cannot append to several streams atomically.");
    },

    async append(streamId, events, expected): Promise<AppendResult> {
      assertValidAppend(streamId, events);
      assertValidExpected(expected);
      let actual: number | "no_stream" = "no_stream";
      for (let attempt = 0; attempt < MAX_APPEND_ATTEMPTS; attempt++) {
        // A conflict is retried from a fresh read: for an exact or `no_stream` expectation the
        // re-read throws WrongExpectedRevisionError, and a racing twin of this very append is
        // then found as a duplicate, as the Postgres adapter does under its stream lock.
        const outcome = await tryAppend(streamId, events, expected);
        if ("result" in outcome) {
          if (!outcome.result.duplicate) wakeups.emit();
          return outcome.result;
        }
        actual = outcome.conflict;
      }
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    },

    async readStream(
      streamId,
      { fromRevision = 0, maxCount, recordedUntil }: ReadStreamOptions = {},
    ) {
      assertValidStreamId(streamId);
      if (!recordedUntil)
        return readEvents(streamId, { fromRevision: BigInt(fromRevision), maxCount });
      // No server-side filter by time: read on, page by page, keeping the events recorded by then.
      const wanted = maxCount ?? Number.MAX_SAFE_INTEGER;
      const kept: RecordedEvent[] = [];
      for (let from = fromRevision; kept.length < wanted; ) {
        const page = await readEvents(streamId, {
          fromRevision: BigInt(from),
          maxCount: UNTIL_PAGE,
        });
        for (const event of page)
          if (event.recordedAt <= recordedUntil && kept.length < wanted) kept.push(event);
        if (page.length < UNTIL_PAGE) break;
        from = page.at(-1)!.revision + 1;
      }
      return kept;
    },

    async streamHead(streamId) {
      assertValidStreamId(streamId);
      const [head] = await readEvents(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      });
      return head ? toStreamHead(head) : null;
    },

    async listStreams({ prefix, offset = 0, limit }: ListStreamsOptions) {
      // KurrentDB keeps no list of streams without its system projections ($streams,
      // $category-*), which a server may not run: $all is read backwards, and the first event
      // seen of each stream is its head (a stream's events stand in $all in revision order).
      // One pass over the log per page: the explorer's list costs a read of the ledger here.
      const seen = new Set<string>();
      const streams: StreamHead[] = [];
      for await (const { event } of client.readAll({ direction: BACKWARDS, fromPosition: END })) {
        if (!event?.streamId.startsWith(prefix) || !isLedgerEvent(event)) continue;
        if (seen.has(event.streamId)) continue;
        seen.add(event.streamId);
        if (seen.size > offset && streams.length < limit)
          streams.push(toStreamHead(toRecordedEvent(event)));
      }
      return { streams, total: seen.size };
    },

    async revisionOf(streamId, eventId) {
      assertValidStreamId(streamId);
      const id = eventId.toLowerCase();
      // Where the id's claims say an attempt stored it (no index by id here).
      for (const claim of (await readClaims(id)).claims) {
        if (claim.streamId !== streamId) continue;
        const place = { fromRevision: BigInt(claim.head + 1), maxCount: claim.count };
        const stored = (await readEvents(streamId, place)).find((e) => e.id.toLowerCase() === id);
        if (stored) return stored.revision;
      }
      // Events stored before claims existed: the window an append searches for its duplicates.
      const tail = await readEvents(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: DUPLICATE_WINDOW,
      });
      return tail.find((event) => event.id.toLowerCase() === id)?.revision ?? null;
    },

    async readAll({ after, maxCount }: ReadAllOptions) {
      const events: RecordedEvent[] = [];
      let cursor = after === undefined ? undefined : parsePosition(after);
      // System events are skipped here rather than by a server filter, whose search window can
      // end a page early; pages repeat until `maxCount` ledger events or the end of the log.
      while (events.length < maxCount) {
        // One more than needed: reading from a position includes the event at it.
        const pageSize = maxCount - events.length + 1;
        let read = 0;
        const page = client.readAll({ fromPosition: cursor ?? START, maxCount: pageSize });
        for await (const { event } of page) {
          read++;
          if (!event || (cursor && comparePositions(event.position, cursor) <= 0)) continue;
          cursor = event.position;
          if (isLedgerEvent(event)) events.push(toRecordedEvent(event));
          if (events.length === maxCount) break;
        }
        if (read < pageSize) break;
      }
      return events;
    },

    subscribe(subscribeOptions: SubscribeOptions) {
      return pollingSubscription(store, subscribeOptions, wakeups, options.idlePollMs);
    },

    async close() {
      await client.dispose();
    },
  };
  return store;
}

function assertValidExpected(expected: ExpectedRevision): void {
  const valid =
    typeof expected === "number"
      ? Number.isSafeInteger(expected) && expected >= 0
      : expected === "no_stream" || expected === "stream_exists" || expected === "any";
  if (!valid) throw new InvalidEventError(`Invalid expected revision ${String(expected)}.`);
}

function matchesExpected(expected: ExpectedRevision, actual: number | "no_stream"): boolean {
  if (expected === "any") return true;
  if (expected === "no_stream") return actual === "no_stream";
  if (expected === "stream_exists") return actual !== "no_stream";
  return actual === expected;
}

/**
 * The Postgres rule: an append whose ids are all stored in this stream is a no-op returning the
 * original result (its last revision and position); any other reuse of an id is refused.
 */
function findOriginal(
  streamId: string,
  events: NewEvent[],
  tail: RecordedEvent[],
  knownIds: LRUCache<string, string>,
): AppendResult | null {
  const stored = new Map(tail.map((event) => [event.id.toLowerCase(), event]));
  const found = events.flatMap((event) => stored.get(event.id.toLowerCase()) ?? []);
  const usedElsewhere = events.some((event) => {
    const owner = knownIds.get(event.id.toLowerCase());
    return owner !== undefined && owner !== streamId;
  });
  if (found.length === 0 && !usedElsewhere) return null;
  if (usedElsewhere || found.length < events.length) throw new InvalidEventError(ID_REUSED);
  const last = found.reduce((a, b) => (b.revision > a.revision ? b : a));
  return { nextRevision: last.revision, position: last.position, duplicate: true };
}

/** The events to write, each carrying its link of the stream's hash chain in its metadata. */
function chainEvents(streamId: string, events: NewEvent[], head: RecordedEvent | undefined) {
  let prevHash = head ? head.hash : GENESIS_HASH;
  let revision = head ? head.revision : -1;
  return events.map((event) => {
    revision++;
    const hash = chainHash(prevHash, streamId, revision, eventBody(event));
    const metadata: StoredMetadata = { metadata: event.metadata, prevHash, hash };
    prevHash = hash;
    return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata });
  });
}

function toRecordedEvent(event: KurrentRecordedEvent): RecordedEvent {
  const stored = event.metadata;
  if (!event.isJson || !isJsonObject(event.data) || !isStoredMetadata(stored)) {
    throw new Error(`Event ${event.id} in ${event.streamId} was not written by the ledger.`);
  }
  if (!event.position) {
    throw new Error(`KurrentDB sent no position for event ${event.id} (server before 22.6?).`);
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: stored.metadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: formatPosition(event.position),
    recordedAt: event.created,
    prevHash: stored.prevHash,
    hash: stored.hash,
  };
}

function toStreamHead(event: RecordedEvent): StreamHead {
  const { streamId, revision, hash, position, recordedAt } = event;
  return { streamId, revision, hash, position, recordedAt };
}

/** Events of system streams, system event types ($-prefixed) and id claims are not the ledger's. */
function isLedgerEvent(event: KurrentRecordedEvent): boolean {
  return (
    !event.streamId.startsWith("$") &&
    !event.type.startsWith("$") &&
    !event.streamId.startsWith(CLAIM_PREFIX)
  );
}

const claimStream = (id: string) => `${CLAIM_PREFIX}${id}`;

function isClaim(value: unknown): value is Claim {
  if (!isJsonObject(value)) return false;
  const { streamId, head, count } = value;
  return typeof streamId === "string" && Number.isSafeInteger(head) && Number.isSafeInteger(count);
}

function isJsonObject(value: unknown): value is JsonObject {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array)
  );
}

function isStoredMetadata(value: unknown): value is StoredMetadata {
  if (!isJsonObject(value)) return false;
  const { metadata, prevHash, hash } = value;
  return isJsonObject(metadata) && typeof prevHash === "string" && typeof hash === "string";
}

/** A revision from KurrentDB (negative or `no_stream` when the stream does not exist). */
function toActual(state: bigint | "no_stream"): number | "no_stream" {
  return state === "no_stream" || state < 0n ? "no_stream" : Number(state);
}

function formatPosition(position: Position): string {
  return `${position.commit}:${position.prepare}`;
}

function parsePosition(position: string): Position {
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new InvalidEventError(`Invalid position "${position}".`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Turns client errors an append can cause into the port's typed errors. */
function translateError(error: unknown): unknown {
  if (error instanceof MaxAppendSizeExceededError) {
    return new InvalidEventError(`Append refused by KurrentDB: ${error.message}`);
  }
  return error;
}
