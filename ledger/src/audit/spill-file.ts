import { closeSync, mkdtempSync, openSync, readSync, renameSync, writeSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** Bytes of a value's length, written before it. */
const HEADER = 4;
/** Stale bytes tolerated beyond the live ones before the file is written again without them. */
const SLACK_BYTES = 64 * 2 ** 20;
/** The offset of a key taken back into memory: its bytes in the file are stale. */
const IN_MEMORY = -1;

/**
 * A key-value file the audit spills open streams to (docs/audit.md, how the audit streams), in a
 * directory of its own under the system's temporary directory, removed by `close`. Values are
 * appended (a length, then the bytes) and read back with `pread`; the heap holds only each key's
 * offset. Nothing is mapped into the process, so what is spilled does not count in its resident
 * memory (an LMDB map did: docs/audit.md, Figures). A value replaced or removed leaves its bytes
 * behind; once those outweigh the live ones by `slack`, the live values are copied to a new file.
 * A key taken back into memory keeps its entry, marked, until it is written again or removed:
 * deleting it and adding it again at each round trip left the Map's table with holes that grew it
 * (seen in the offline verifier's twin, docs/audit.md). Synchronous, because the replay that reads
 * it is; nothing is synced to disk: the file lives as long as the audit and is thrown away after.
 */
export class SpillFile {
  private readonly directory = mkdtempSync(path.join(tmpdir(), "igp-audit-spill-"));
  private file = path.join(this.directory, "streams");
  private fd = openSync(this.file, "w+");
  /** Each key's value: the offset of its length in the file. */
  private readonly offsets = new Map<string, number>();
  private end = 0;
  private live = 0;
  private readonly header = Buffer.alloc(HEADER);

  constructor(private readonly slack = SLACK_BYTES) {}

  /** The key's value, if it is in the file (not taken back). */
  get(key: string): Buffer | undefined {
    const offset = this.offsets.get(key);
    return offset === undefined || offset === IN_MEMORY ? undefined : this.readAt(offset);
  }

  /** The key's value, if it is in the file, taken back into memory: `get` no longer has it. */
  take(key: string): Buffer | undefined {
    const value = this.get(key);
    if (value) {
      this.live -= HEADER + value.length;
      this.offsets.set(key, IN_MEMORY);
    }
    return value;
  }

  /** Forgets the key, whether in the file or taken back (its stream has ended). */
  remove(key: string): void {
    this.makeStale(this.offsets.get(key));
    this.offsets.delete(key);
  }

  /** Writes the values at once, each replacing its key's (a key written twice: the later one). */
  write(written: Iterable<[string, Buffer]>): void {
    const values = new Map(written);
    const chunks: Buffer[] = [];
    let offset = this.end;
    for (const [key, value] of values) {
      this.makeStale(this.offsets.get(key));
      const header = Buffer.allocUnsafe(HEADER);
      header.writeUInt32LE(value.length);
      chunks.push(header, value);
      this.offsets.set(key, offset);
      offset += HEADER + value.length;
      this.live += HEADER + value.length;
    }
    this.append(Buffer.concat(chunks));
    if (this.end - this.live > this.live + this.slack) this.compact();
  }

  /** The values in the file (not those taken back). */
  *entries(): Generator<[string, Buffer]> {
    for (const [key, offset] of this.offsets)
      if (offset !== IN_MEMORY) yield [key, this.readAt(offset)];
  }

  async close(): Promise<void> {
    closeSync(this.fd);
    await rm(this.directory, { recursive: true, force: true });
  }

  /** The value at `offset` no longer counts as live (none there: nothing to do). */
  private makeStale(offset: number | undefined) {
    if (offset !== undefined && offset !== IN_MEMORY) this.live -= HEADER + this.lengthAt(offset);
  }

  private lengthAt(offset: number): number {
    this.readExactly(this.header, offset);
    return this.header.readUInt32LE(0);
  }

  private readAt(offset: number): Buffer {
    const value = Buffer.allocUnsafe(this.lengthAt(offset));
    this.readExactly(value, offset + HEADER);
    return value;
  }

  private readExactly(into: Buffer, offset: number) {
    for (let done = 0; done < into.length; ) {
      const read = readSync(this.fd, into, done, into.length - done, offset + done);
      if (read === 0) throw new Error(`Spill file ends before byte ${offset + done}`);
      done += read;
    }
  }

  private append(bytes: Buffer) {
    writeAll(this.fd, bytes, this.end);
    this.end += bytes.length;
  }

  /** The live values copied to a new file, in the order of their keys' last writes. */
  private compact() {
    const next = path.join(this.directory, "streams.next");
    const fd = openSync(next, "w+");
    let end = 0;
    for (const [key, offset] of this.offsets) {
      if (offset === IN_MEMORY) continue;
      const length = this.lengthAt(offset);
      const bytes = Buffer.allocUnsafe(HEADER + length);
      this.readExactly(bytes, offset);
      writeAll(fd, bytes, end);
      this.offsets.set(key, end);
      end += bytes.length;
    }
    closeSync(this.fd);
    renameSync(next, this.file);
    this.fd = fd;
    this.end = end;
    this.live = end;
  }
}

/** All of `bytes` written at `position` (a write may take fewer than asked). */
function writeAll(fd: number, bytes: Buffer, position: number) {
  for (let done = 0; done < bytes.length; )
    done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}
