import type { KeyObject } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { EventStore } from "@igp/ledger";
import { type ExportSelection, writeLedgerExport } from "./write-export.ts";

/** The files of an export in the order the archive holds them: the manifest first. */
const ORDER = ["manifest.json", "manifest.sig", "events.jsonl.gz", "heads.jsonl.gz"];
const BLOCK = 512;

/**
 * A signed export as one tar archive (the auditor's download): the export is written to a
 * directory of its own under the system's temporary directory (the same bounded-memory writer as
 * `npm run export-ledger`: its manifest needs the files' digests before it can be signed), then
 * streamed file by file as `<name>/manifest.json` ... and the directory removed, whether the
 * download finished or was broken off. `tar xf` gives the directory the verifier checks.
 */
export async function exportArchive(
  store: EventStore,
  key: KeyObject,
  selection: ExportSelection,
  name: string,
): Promise<Readable> {
  const dir = await mkdtemp(path.join(tmpdir(), "igp-ledger-download-"));
  try {
    await writeLedgerExport(store, path.join(dir, name), key, selection);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const archive = Readable.from(tarEntries(path.join(dir, name), name));
  archive.once("close", () => void rm(dir, { recursive: true, force: true }));
  return archive;
}

async function* tarEntries(dir: string, name: string) {
  const files = (await readdir(dir)).sort((a, b) => rank(a) - rank(b));
  yield header(`${name}/`, 0, "5");
  for (const file of files) {
    const { size } = await stat(path.join(dir, file));
    yield header(`${name}/${file}`, size, "0");
    yield* createReadStream(path.join(dir, file));
    if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK));
  }
  yield Buffer.alloc(2 * BLOCK); // the archive's end: two empty blocks
}

const rank = (file: string) => (ORDER.includes(file) ? ORDER.indexOf(file) : ORDER.length);

/** A POSIX ustar header: a directory ("5") or a regular file ("0"), owner-readable. */
function header(entry: string, size: number, type: "0" | "5"): Buffer {
  if (Buffer.byteLength(entry) > 100) throw new Error(`Archive entry name too long: ${entry}`);
  const block = Buffer.alloc(BLOCK);
  const field = (text: string, offset: number, length: number) =>
    block.write(text, offset, length, "utf8");
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, "0");
  field(entry, 0, 100);
  field(octal(type === "5" ? 0o755 : 0o644, 8), 100, 8);
  field(octal(0, 8), 108, 8); // uid
  field(octal(0, 8), 116, 8); // gid
  field(octal(size, 12), 124, 12);
  field(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  field(" ".repeat(8), 148, 8); // the checksum counts its own field as spaces
  field(type, 156, 1);
  field("ustar\0", 257, 6);
  field("00", 263, 2);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(`${octal(sum, 7)}\0 `, 148, 8);
  return block;
}
