import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/** A stream's head: its highest revision in the export and that event's hash. */
export interface StreamHead {
  streamId: string;
  revision: number;
  hash: string;
}

/** Heads kept in memory by default (~25 MB); the least recently moved beyond it go to disk. */
export const HEADS_IN_MEMORY = 100_000;

const byStream = (a: StreamHead, b: StreamHead) =>
  a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0;

/**
 * Every stream's head in bounded memory. The heads moved most recently stay in a map; when it
 * holds more than `inMemory`, the older half is written, sorted by stream, as a run in a
 * directory of its own under the system's temporary directory. `sorted()` merges the runs and
 * the map: each stream once, in stream order (JavaScript's string order), at its highest
 * revision (a stream written in several runs has moved on since the earlier ones).
 */
export class StreamHeads {
  readonly #inMemory: number;
  readonly #heads = new Map<string, StreamHead>();
  readonly #runs: string[] = [];
  #dir: string | null = null;

  constructor(inMemory = HEADS_IN_MEMORY) {
    this.#inMemory = Math.max(1, inMemory);
  }

  note(streamId: string, revision: number, hash: string): void {
    const head = this.#heads.get(streamId);
    // Highest revision: the global order can hold a stream's later revision before an earlier
    // one (docs/audit.md, Stream order and global order).
    if (head && revision < head.revision) return;
    // Deleted and set again: the map's order is then the order heads last moved in.
    this.#heads.delete(streamId);
    this.#heads.set(streamId, { streamId, revision, hash });
    if (this.#heads.size > this.#inMemory) this.#spill();
  }

  /** Each stream's head once, in stream order. */
  async *sorted(): AsyncGenerator<StreamHead> {
    const cursors = [
      ...(await Promise.all(this.#runs.map(runCursor))),
      arrayCursor([...this.#heads.values()].sort(byStream)),
    ];
    let current: StreamHead | undefined;
    for (;;) {
      let smallest: Cursor | undefined;
      for (const cursor of cursors)
        if (cursor.head && (!smallest || byStream(cursor.head, smallest.head!) < 0))
          smallest = cursor;
      const head = smallest?.head;
      if (head && current?.streamId === head.streamId) {
        if (head.revision > current.revision) current = head;
      } else {
        if (current) yield current;
        if (!head) return;
        current = head;
      }
      await smallest!.advance();
    }
  }

  /** Removes the runs written. */
  close(): void {
    if (this.#dir) rmSync(this.#dir, { recursive: true, force: true });
    this.#dir = null;
  }

  #spill(): void {
    this.#dir ??= mkdtempSync(path.join(tmpdir(), "igp-export-heads-"));
    const older: StreamHead[] = [];
    for (const head of this.#heads.values()) {
      if (older.length >= this.#heads.size / 2) break;
      older.push(head);
    }
    for (const head of older) this.#heads.delete(head.streamId);
    const file = path.join(this.#dir, `run-${this.#runs.length}.jsonl`);
    const lines = older.sort(byStream).map((head) => JSON.stringify(head));
    writeFileSync(file, `${lines.join("\n")}\n`);
    this.#runs.push(file);
  }
}

interface Cursor {
  head: StreamHead | undefined;
  advance(): Promise<void> | void;
}

function arrayCursor(heads: StreamHead[]): Cursor {
  let at = 0;
  return {
    get head() {
      return heads[at];
    },
    advance() {
      at++;
    },
  };
}

async function runCursor(file: string): Promise<Cursor> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const cursor = {
    head: undefined as StreamHead | undefined,
    async advance() {
      const next = await lines.next();
      cursor.head = next.done ? undefined : (JSON.parse(next.value) as StreamHead);
    },
  };
  await cursor.advance();
  return cursor;
}
