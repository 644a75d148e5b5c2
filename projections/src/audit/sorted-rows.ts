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
    let out: [string, V][] = [];
    for (;;) {
      let least: string | undefined;
      for (const source of sources) {
        if (source.empty) await source.fill();
        const head = source.head;
        if (head && (least === undefined || head[0] < least)) least = head[0];
      }
      if (least === undefined) break;
      let value: V | undefined;
      for (const source of sources) {
        const head = source.head;
        if (head?.[0] !== least) continue;
        value = value === undefined ? head[1] : this.combine(value, head[1]);
        source.advance();
      }
      out.push([least, value!]);
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

/** A run's rows, a chunk of the file (about 64 KB of lines) at a time. */
async function* readRun<V>(file: string): AsyncGenerator<[string, V][]> {
  let rest = "";
  for await (const chunk of createReadStream(file, {
    encoding: "utf8",
    highWaterMark: 64 * 1024,
  })) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    yield lines.map((line) => JSON.parse(line) as [string, V]);
  }
}
