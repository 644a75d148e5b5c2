import { deserialize, serialize } from "node:v8";
import type { StreamKindName } from "../domain/stream-ids.ts";
import { SpillFile } from "./spill-file.ts";

/** A stream as the replay folds it: where its chain stands, its state, the money it holds. */
export interface ReplayedStream {
  kind: StreamKindName;
  id: string;
  revision: number;
  lastHash: string;
  state: unknown;
  held: number;
}

/**
 * The kinds whose state is plain data, which `v8.serialize` gives back as it was. A round's state
 * holds a `StakeList` (a class, its stakes shared with older states): rounds stay in memory, and
 * a round is open only while it is played, so their number follows the tables, not the ledger.
 */
const SPILLABLE: ReadonlySet<StreamKindName> = new Set([
  "wallet",
  "agent",
  "deposit",
  "withdrawal",
  "charge",
]);

/**
 * The replay's open streams, by stream id, with at most `inMemory` spillable streams held in
 * memory (docs/audit.md, how the audit streams). Beyond that the least recently used are written
 * to a spill file, a batch at a time, and read back when their stream's next event comes: memory
 * follows the bound, not the number of accounts open.
 *
 * A stream given by `get` or `set` is the one the store holds until the next call for another
 * stream (which may spill it): change it only before then, as the replay does.
 */
export class OpenStreams {
  /** Rounds (never spilled). */
  private readonly pinned = new Map<string, ReplayedStream>();
  /** Spillable streams in memory, least recently used first. */
  private readonly recent = new Map<string, ReplayedStream>();
  private file: SpillFile | null = null;
  private onDisk = 0;
  /** Streams written to the spill file, in all (one stream may be written many times). */
  spilled = 0;

  private readonly bounded: boolean;

  constructor(private readonly inMemory = Number.POSITIVE_INFINITY) {
    if (!(inMemory >= 1)) throw new Error(`Open streams in memory must be at least 1: ${inMemory}`);
    this.bounded = Number.isFinite(inMemory);
  }

  get size(): number {
    return this.pinned.size + this.recent.size + this.onDisk;
  }

  get(streamId: string): ReplayedStream | undefined {
    const pinned = this.pinned.get(streamId);
    if (pinned) return pinned;
    const stream = this.recent.get(streamId);
    if (stream) {
      if (this.bounded) this.touch(streamId, stream);
      return stream;
    }
    return this.readBack(streamId);
  }

  set(streamId: string, stream: ReplayedStream): void {
    if (!SPILLABLE.has(stream.kind)) {
      this.pinned.set(streamId, stream);
      return;
    }
    this.recent.set(streamId, stream);
    if (this.recent.size > this.inMemory) this.spill();
  }

  /** Drops a stream (ended): it is in memory, as it was just used (the file may still name it). */
  delete(streamId: string): void {
    if (this.pinned.delete(streamId)) return;
    this.recent.delete(streamId);
    this.file?.remove(streamId);
  }

  /** Every open stream, those spilled included (read back one at a time, not kept). */
  *values(): Generator<ReplayedStream> {
    for (const [, stream] of this) yield stream;
  }

  *[Symbol.iterator](): Generator<[string, ReplayedStream]> {
    yield* this.pinned;
    yield* this.recent;
    if (!this.file) return;
    for (const [streamId, bytes] of this.file.entries())
      yield [streamId, deserialize(bytes) as ReplayedStream];
  }

  /**
   * Lets every stream go and removes the spill file, if one was made: the audit's comparison
   * that follows the replay has no use for them (about 24 MB of accounts held until then).
   */
  async close(): Promise<void> {
    this.pinned.clear();
    this.recent.clear();
    this.onDisk = 0;
    await this.file?.close();
    this.file = null;
  }

  /** Most recently used goes last (a Map keeps insertion order). */
  private touch(streamId: string, stream: ReplayedStream) {
    this.recent.delete(streamId);
    this.recent.set(streamId, stream);
  }

  private readBack(streamId: string): ReplayedStream | undefined {
    const bytes = this.file?.take(streamId);
    if (!bytes) return undefined;
    const stream = deserialize(bytes) as ReplayedStream;
    this.onDisk--;
    this.set(streamId, stream);
    return stream;
  }

  /**
   * Writes the least recently used streams to the file, down to a sixteenth under the bound, so
   * one write carries many.
   */
  private spill() {
    this.file ??= new SpillFile();
    const keep = this.inMemory - Math.floor(this.inMemory / 16);
    const written: [string, Buffer][] = [];
    for (const [streamId, stream] of this.recent) {
      if (this.recent.size - written.length <= keep) break;
      written.push([streamId, serialize(stream)]);
    }
    for (const [streamId] of written) this.recent.delete(streamId);
    this.file.write(written);
    this.onDisk += written.length;
    this.spilled += written.length;
  }
}
