import { createReadStream, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { onePage, PAGE, PageCursor } from "./row-pages.ts";

/**
 * The audit's directory for expected rows beyond the bound, under the system's temporary
 * directory (TMPDIR moves it), made when first needed and removed by `close`.
 */
export class ScratchDirectory {
  private made: string | undefined;

  readonly path = () => {
    this.made ??= mkdtempSync(path.join(tmpdir(), "igp-audit-expected-"));
    return this.made;
  };

  async close() {
    if (this.made) await rm(this.made, { recursive: true, force: true });
    this.made = undefined;
  }
}

/**
 * Keyed rows the audit expects, handed back in key order with memory bounded: at most
 * `inMemory` rows are held; beyond that they are sorted and written as a run (a file of JSON
 * lines in the audit's temporary directory), and `pages` merges the runs. Rows added twice
 * under one key (in memory or across runs) are combined, earlier first (by
 * default the later one stands). Keys compare as
 * JavaScript strings (code units), which for the ledger's ASCII ids is PostgreSQL's "C" order.
 */
export class SortedRows<V> {
  private rows = new Map<string, V>();
  private readonly runs: string[] = [];

  constructor(
    private readonly directory: () => string,
    private readonly name: string,
    private readonly inMemory: number,
    private readonly combine: (earlier: V, later: V) => V = duplicate,
  ) {}

  add(key: string, value: V) {
    const before = this.rows.get(key);
    this.rows.set(key, before === undefined ? value : this.combine(before, value));
    if (this.rows.size >= this.inMemory) this.spill();
  }

  /** Every row, in key order, combined, a page at a time; may be iterated more than once. */
  async *pages(): AsyncGenerator<[string, V][]> {
    const sources = [
      ...this.runs.map((file) => new PageCursor(readRun<V>(file))),
      new PageCursor(onePage(sortedEntries(this.rows))),
    ];
    // The runs by their next key (ties: the earlier run first, so rows combine earlier first):
    // a heap, as a ledger of millions of events makes dozens of runs to merge.
    const heap = new RunHeap<V>();
    const next = async (run: Run<V>) => {
      run.cursor.advance();
      if (run.cursor.empty) await run.cursor.fill();
      if (run.cursor.head) heap.push(run);
    };
    for (const [order, cursor] of sources.entries()) {
      await cursor.fill();
      if (cursor.head) heap.push({ cursor, order });
    }
    let out: [string, V][] = [];
    for (let run = heap.pop(); run; run = heap.pop()) {
      const [key, first] = run.cursor.head!;
      let value = first;
      await next(run);
      while (heap.peek()?.cursor.head?.[0] === key) {
        const same = heap.pop()!;
        value = this.combine(value, same.cursor.head![1]);
        await next(same);
      }
      out.push([key, value]);
      if (out.length >= PAGE) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  }

  private spill() {
    const file = path.join(this.directory(), `${this.name}-${this.runs.length}.jsonl`);
    const lines = sortedEntries(this.rows).map((entry) => JSON.stringify(entry));
    writeFileSync(file, `${lines.join("\n")}\n`);
    this.runs.push(file);
    this.rows = new Map();
  }
}

/** A run being merged: its cursor and its place among the runs (earlier first). */
interface Run<V> {
  cursor: PageCursor<[string, V]>;
  order: number;
}

/** Runs with rows left, the one with the least next key (then the earliest) on top. */
class RunHeap<V> {
  private readonly runs: Run<V>[] = [];

  peek(): Run<V> | undefined {
    return this.runs[0];
  }

  push(run: Run<V>) {
    const runs = this.runs;
    let at = runs.push(run) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!before(runs[at]!, runs[parent]!)) break;
      [runs[at], runs[parent]] = [runs[parent]!, runs[at]!];
      at = parent;
    }
  }

  pop(): Run<V> | undefined {
    const runs = this.runs;
    const top = runs[0];
    const last = runs.pop();
    if (runs.length === 0 || !last) return top;
    runs[0] = last;
    for (let at = 0; ; ) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < runs.length && before(runs[left]!, runs[least]!)) least = left;
      if (right < runs.length && before(runs[right]!, runs[least]!)) least = right;
      if (least === at) break;
      [runs[at], runs[least]] = [runs[least]!, runs[at]!];
      at = least;
    }
    return top;
  }
}

function before<V>(a: Run<V>, b: Run<V>): boolean {
  const keyA = a.cursor.head![0];
  const keyB = b.cursor.head![0];
  return keyA < keyB || (keyA === keyB && a.order < b.order);
}

/** A row added again replaces the one before. */
function duplicate<V>(_earlier: V, later: V): V {
  return later;
}

/**
 * A map's entries in key order (as JavaScript compares strings: the runs' order). The keys are
 * sorted by the default comparison, which orders strings by code units as `<` does, a third
 * cheaper than entries sorted by a comparator function.
 */
export function sortedEntries<V>(rows: Map<string, V>): [string, V][] {
  return [...rows.keys()].sort().map((key): [string, V] => [key, rows.get(key)!]);
}

/**
 * A run's rows, a chunk of the file (about 16 KB of lines) at a time: a merge holds a chunk of
 * every run at once, and a ledger of 5M events makes 65 runs of game history.
 */
async function* readRun<V>(file: string): AsyncGenerator<[string, V][]> {
  let rest = "";
  for await (const chunk of createReadStream(file, {
    encoding: "utf8",
    highWaterMark: 16 * 1024,
  })) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    yield lines.map((line) => JSON.parse(line) as [string, V]);
  }
}
