import {
  type AppendResult,
  chainHash,
  type EventStore,
  type ExpectedRevision,
  eventBody,
  GENESIS_HASH,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type StreamHead,
  type StreamsPage,
  WrongExpectedRevisionError,
} from "@igp/ledger";
import type pg from "pg";

interface Head {
  revision: number;
  hash: string;
}

/** One row of ledger_events as the seed writes it. */
interface Row {
  streamId: string;
  revision: number;
  event: NewEvent;
  prevHash: string;
  hash: string;
}

const READ_STREAM = `SELECT *, transaction_id::text FROM ledger_events
  WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`;

const INSERT = `INSERT INTO ledger_events
    (stream_id, revision, event_id, type, data, metadata, prev_hash, hash)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[],
                       $7::text[], $8::text[])`;

/**
 * An event store for seeding a benchmark's ledger fast: the real ledger (its command handler,
 * decisions and validation) appends to it in memory; it chains each event as PostgreSQL's
 * `ledger_append_one` does (hash-chain.ts, the same formula) and writes the events to
 * `ledger_events` in batched inserts, in the order they were appended (each batch one
 * transaction, so the global order is the append order). Appending costs no round trip, so a
 * million events seed in minutes instead of an hour.
 *
 * It keeps only each stream's head (revision and hash), not its events: the command handler's
 * cache holds the states (give it room for every stream); a stream read it does not spare is
 * answered from PostgreSQL.
 */
export class SeedEventStore implements EventStore {
  readonly name = "seed";
  readonly atomicMultiStream = true;
  private readonly heads = new Map<string, Head>();
  private pending: Row[] = [];
  private writing: Promise<void> = Promise.resolve();
  private written = 0;
  /** Stream reads the handler's cache did not spare (each one writes what is pending). */
  misses = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly batchSize = 5_000,
  ) {}

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision) {
    return (await this.appendMany([{ streamId, events, expected }]))[0]!;
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    for (const { streamId, expected } of appends) {
      const actual = this.heads.get(streamId)?.revision ?? -1;
      const matches =
        expected === "any" ||
        (expected === "no_stream" && actual === -1) ||
        (expected === "stream_exists" && actual >= 0) ||
        expected === actual;
      if (!matches)
        throw new WrongExpectedRevisionError(streamId, expected, actual < 0 ? "no_stream" : actual);
    }
    const results = appends.map(({ streamId, events }) => {
      const head = this.heads.get(streamId) ?? { revision: -1, hash: GENESIS_HASH };
      for (const event of events) {
        const revision = head.revision + 1;
        const hash = chainHash(head.hash, streamId, revision, eventBody(event));
        this.pending.push({ streamId, revision, event, prevHash: head.hash, hash });
        head.revision = revision;
        head.hash = hash;
      }
      this.heads.set(streamId, head);
      return { nextRevision: head.revision, position: `0:${this.written}`, duplicate: false };
    });
    if (this.pending.length >= this.batchSize) await this.flush();
    return results;
  }

  /** Writes what is pending (in append order) and waits for every write so far. */
  async flush(): Promise<void> {
    const rows = this.pending;
    this.pending = [];
    this.written += rows.length;
    if (rows.length > 0) this.writing = this.writing.then(() => this.insert(rows));
    await this.writing;
  }

  private async insert(rows: Row[]) {
    await this.pool.query(INSERT, [
      rows.map((r) => r.streamId),
      rows.map((r) => r.revision),
      rows.map((r) => r.event.id),
      rows.map((r) => r.event.type),
      rows.map((r) => JSON.stringify(r.event.data)),
      rows.map((r) => JSON.stringify(r.event.metadata)),
      rows.map((r) => r.prevHash),
      rows.map((r) => r.hash),
    ]);
  }

  /**
   * A stream's events from a revision: none past its head; else (the handler's cached state was
   * dropped, as after a credit appended out of its turn) everything pending is written and the
   * events are read back from PostgreSQL.
   */
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = options.fromRevision ?? 0;
    if (fromRevision > (this.heads.get(streamId)?.revision ?? -1)) return [];
    this.misses++;
    await this.flush();
    const { rows } = await this.pool.query(READ_STREAM, [streamId, fromRevision]);
    return rows.map((row) => ({
      id: row.event_id,
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      streamId,
      revision: Number(row.revision),
      position: `${row.transaction_id}:${row.global_position}`,
      recordedAt: row.recorded_at,
      prevHash: row.prev_hash,
      hash: row.hash,
    }));
  }

  async revisionOf(): Promise<number | null> {
    return null;
  }

  async readAll(): Promise<RecordedEvent[]> {
    throw new Error("The seed store is written, not read.");
  }

  async streamHead(): Promise<StreamHead | null> {
    throw new Error("The seed store is written, not read.");
  }

  async listStreams(): Promise<StreamsPage> {
    throw new Error("The seed store is written, not read.");
  }

  subscribe(): never {
    throw new Error("The seed store is written, not read.");
  }

  async close() {
    await this.flush();
  }
}
