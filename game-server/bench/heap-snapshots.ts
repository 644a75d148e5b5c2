import { readFile } from "node:fs/promises";

/** What a heap snapshot holds, by kind of object: how many and their own bytes. */
export type HeapSummary = Map<string, { count: number; bytes: number }>;

interface SnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Node kinds that are grouped as one row: their names are contents, not constructors. */
const GROUPED: Record<string, string> = {
  string: "(strings)",
  "concatenated string": "(strings)",
  "sliced string": "(strings)",
  code: "(compiled code)",
  number: "(heap numbers)",
  bigint: "(bigints)",
};

/**
 * Reads a V8 heap snapshot (`--heapsnapshot-signal`) and sums its objects by constructor (or
 * closure) name: the same picture as DevTools' Summary view, without a browser.
 */
export async function summarizeSnapshot(file: string): Promise<HeapSummary> {
  const json = JSON.parse(await readFile(file, "utf8")) as SnapshotJson;
  const fields = json.snapshot.meta.node_fields;
  const types = json.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const summary: HeapSummary = new Map();
  for (let i = 0; i < json.nodes.length; i += width) {
    const type = types[json.nodes[i + typeAt]!] ?? "?";
    const name = GROUPED[type] ?? `${type} ${json.strings[json.nodes[i + nameAt]!]}`;
    const row = summary.get(name) ?? { count: 0, bytes: 0 };
    row.count++;
    row.bytes += json.nodes[i + sizeAt]!;
    summary.set(name, row);
  }
  return summary;
}

/** The kinds whose own bytes grew most from `before` to `after`, largest growth first. */
export function growth(before: HeapSummary, after: HeapSummary, top = 15) {
  return [...after.entries()]
    .map(([name, now]) => {
      const then = before.get(name) ?? { count: 0, bytes: 0 };
      return { name, count: now.count - then.count, bytes: now.bytes - then.bytes, now };
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}

/** The total of a summary's own bytes. */
export const totalBytes = (summary: HeapSummary) =>
  [...summary.values()].reduce((sum, row) => sum + row.bytes, 0);
