// Records sorted in bounded memory: a buffer of at most `inMemory` records, sorted and written
// as a run (JSON lines) to a temporary directory when full, all runs read back merged in order.
import { createReadStream, writeFileSync } from "node:fs";
import { jsonLines } from "./lines.mjs";
import { ScratchDir } from "./scratch-dir.mjs";

export class SortedRuns {
  #compare;
  #inMemory;
  #buffer = [];
  #runs = [];
  #dir = new ScratchDir();

  constructor(compare, inMemory) {
    this.#compare = compare;
    this.#inMemory = inMemory;
  }

  add(record) {
    this.#buffer.push(record);
    if (this.#buffer.length >= this.#inMemory) this.#spill();
  }

  /** A run file of the caller's own in the same directory (a sorted output kept for later). */
  file(name) {
    return this.#dir.file(name);
  }

  /** Every record added, in order, as a cursor; the runs start empty again. */
  async drain() {
    const buffer = this.#buffer.sort(this.#compare);
    const runs = this.#runs;
    this.#buffer = [];
    this.#runs = [];
    if (runs.length === 0) return arrayCursor(buffer);
    const cursors = [arrayCursor(buffer), ...(await Promise.all(runs.map(fileCursor)))];
    return mergedCursor(cursors, this.#compare);
  }

  /** Removes the temporary directory (runs and files). */
  close() {
    this.#dir.close();
  }

  #spill() {
    const file = this.file(`run-${this.#runs.length}-${Date.now()}.jsonl`);
    const lines = this.#buffer.sort(this.#compare).map((record) => JSON.stringify(record));
    writeFileSync(file, `${lines.join("\n")}\n`);
    this.#runs.push(file);
    this.#buffer = [];
  }
}

/**
 * A cursor: `head` is the current record (undefined at the end), `advance()` moves on. Records
 * come in batches, so most advances are synchronous; `await` one only when it says so.
 */
function arrayCursor(records) {
  let at = 0;
  return {
    get head() {
      return records[at];
    },
    advance() {
      at++;
    },
  };
}

/**
 * A JSON-lines file as a cursor over its records, 16 KB of it at a time: a merge holds a chunk
 * of every run at once (42 runs at 5M events).
 */
export async function fileCursor(file) {
  return batchCursor(jsonLines(createReadStream(file, { highWaterMark: 16 * 1024 })));
}

/** A cursor over an async iterator of record batches. */
export async function batchCursor(batches) {
  let records = [];
  let at = 0;
  const cursor = {
    get head() {
      return records[at];
    },
    /** Resolves once the next record (or the end) is at hand. */
    async advance() {
      at++;
      while (at >= records.length) {
        const next = await batches.next();
        if (next.done) return;
        records = next.value;
        at = 0;
      }
    },
  };
  at = -1;
  await cursor.advance();
  return cursor;
}

/** Cursors merged in order: the smallest head first (a handful of runs: a linear scan). */
function mergedCursor(cursors, compare) {
  let smallest = null;
  const pick = () => {
    smallest = null;
    for (const cursor of cursors)
      if (cursor.head !== undefined && (!smallest || compare(cursor.head, smallest.head) < 0))
        smallest = cursor;
  };
  pick();
  return {
    get head() {
      return smallest?.head;
    },
    async advance() {
      await smallest?.advance();
      pick();
    },
  };
}
