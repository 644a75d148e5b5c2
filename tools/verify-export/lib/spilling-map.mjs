// A map of plain JSON values held in memory up to a bound, the least recently used beyond it in
// a file of its own: the verifier's open streams (each wallet's chain link, each account's
// money) then take the bound's memory, not the ledger's accounts' (docs/audit.md, The verifier).
import { closeSync, openSync, readSync, renameSync, writeSync } from "node:fs";

/** Bytes of a value's length, written before it. */
const HEADER = 4;
/** Stale bytes tolerated beyond the live ones before the file is written again without them. */
const SLACK_BYTES = 64 * 2 ** 20;
/** The offset of a key spilled once and now in memory again. */
const IN_MEMORY = -1;

/**
 * Map-like: `get`, `set`, `delete`, `size`, iteration. A value got is the one held until the
 * next `set` or `get` of another key, which may write it out: change it only before then (a
 * value is written as it stands when it leaves memory). Iteration reads spilled values back one
 * at a time without keeping them, and walks the maps themselves (no copy of 100,000 keys): change
 * nothing through it and call nothing else of the map until it ends.
 */
export class SpillingMap {
  #inMemory;
  #file;
  #slack;
  /** In memory, least recently used first (a Map keeps insertion order). */
  #recent = new Map();
  /** Each key ever spilled: its value's offset in the file, or IN_MEMORY once read back. */
  #offsets = new Map();
  #spilled = 0;
  #fd = null;
  #path = null;
  #end = 0;
  #live = 0;
  #header = Buffer.alloc(HEADER);

  /**
   * `file()` names the file the map writes when it first spills (its directory the caller's);
   * once its stale bytes outweigh the live ones by `slack`, the live ones go to a new file.
   */
  constructor(inMemory, file, slack = SLACK_BYTES) {
    this.#inMemory = inMemory;
    this.#file = file;
    this.#slack = slack;
  }

  get size() {
    return this.#recent.size + this.#spilled;
  }

  get(key) {
    const value = this.#recent.get(key);
    if (value !== undefined) {
      this.#recent.delete(key);
      this.#recent.set(key, value);
      return value;
    }
    const offset = this.#offsets.get(key) ?? IN_MEMORY;
    if (offset === IN_MEMORY) return undefined;
    const bytes = this.#readAt(offset);
    this.#taken(key, bytes.length);
    const read = JSON.parse(bytes.toString("utf8"));
    this.#hold(key, read);
    return read;
  }

  set(key, value) {
    if (!this.#recent.delete(key)) {
      const offset = this.#offsets.get(key) ?? IN_MEMORY;
      if (offset !== IN_MEMORY) this.#taken(key, this.#lengthAt(offset));
    }
    this.#hold(key, value);
  }

  delete(key) {
    const offset = this.#offsets.get(key) ?? IN_MEMORY;
    if (offset !== IN_MEMORY) this.#taken(key, this.#lengthAt(offset));
    this.#offsets.delete(key);
    this.#recent.delete(key);
  }

  *[Symbol.iterator]() {
    yield* this.#recent;
    for (const [key, offset] of this.#offsets)
      if (offset !== IN_MEMORY) yield [key, JSON.parse(this.#readAt(offset).toString("utf8"))];
  }

  /** Closes the file (its directory is the caller's to remove). */
  close() {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }

  /**
   * The least recently used written out, down to a sixteenth under the bound, so that one write
   * carries many.
   */
  #spill() {
    if (this.#fd === null) {
      this.#path = this.#file();
      this.#fd = openSync(this.#path, "w+");
    }
    const keep = this.#inMemory - Math.floor(this.#inMemory / 16);
    const chunks = [];
    let offset = this.#end;
    for (const [key, value] of this.#recent) {
      if (this.#recent.size <= keep) break;
      const bytes = Buffer.from(JSON.stringify(value), "utf8");
      const header = Buffer.allocUnsafe(HEADER);
      header.writeUInt32LE(bytes.length);
      chunks.push(header, bytes);
      this.#recent.delete(key);
      this.#offsets.set(key, offset);
      this.#spilled++;
      offset += HEADER + bytes.length;
    }
    const written = Buffer.concat(chunks);
    writeAll(this.#fd, written, this.#end);
    this.#end += written.length;
    this.#live += written.length;
    if (this.#end - this.#live > this.#live + this.#slack) this.#compact();
  }

  #hold(key, value) {
    this.#recent.set(key, value);
    if (this.#recent.size > this.#inMemory) this.#spill();
  }

  /**
   * A spilled value read back, replaced or removed: its bytes in the file are stale. Its key
   * stays, marked in memory: a key deleted and added again at each read back would grow the
   * Map's table with deleted entries (twice the size at 80,000 spilled accounts).
   */
  #taken(key, length) {
    this.#offsets.set(key, IN_MEMORY);
    this.#spilled--;
    this.#live -= HEADER + length;
  }

  #lengthAt(offset) {
    readExactly(this.#fd, this.#header, offset);
    return this.#header.readUInt32LE(0);
  }

  #readAt(offset) {
    const value = Buffer.allocUnsafe(this.#lengthAt(offset));
    readExactly(this.#fd, value, offset + HEADER);
    return value;
  }

  /** The live values copied to a new file. */
  #compact() {
    const next = `${this.#path}.next`;
    const fd = openSync(next, "w+");
    let end = 0;
    for (const [key, offset] of this.#offsets) {
      if (offset === IN_MEMORY) continue;
      const bytes = Buffer.allocUnsafe(HEADER + this.#lengthAt(offset));
      readExactly(this.#fd, bytes, offset);
      writeAll(fd, bytes, end);
      this.#offsets.set(key, end);
      end += bytes.length;
    }
    closeSync(this.#fd);
    renameSync(next, this.#path);
    this.#fd = fd;
    this.#end = end;
    this.#live = end;
  }
}

function readExactly(fd, into, offset) {
  for (let done = 0; done < into.length; ) {
    const read = readSync(fd, into, done, into.length - done, offset + done);
    if (read === 0) throw new Error(`spill file ends before byte ${offset + done}`);
    done += read;
  }
}

function writeAll(fd, bytes, position) {
  for (let done = 0; done < bytes.length; )
    done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}
