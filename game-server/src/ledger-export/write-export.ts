import { createHash, createPublicKey, type KeyObject } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip, type Gzip } from "node:zlib";
import { type EventStore, eventAsJson } from "@igp/ledger";
import { describePublicKey, signBytes } from "./export-key.ts";
import { StreamHeads } from "./stream-heads.ts";

/** The manifest's format name; the verifier refuses any other. */
export const EXPORT_FORMAT = "igp-ledger-export/1";
const EVENTS_FILE = "events.jsonl.gz";
const HEADS_FILE = "heads.jsonl.gz";
const READ_BATCH = 2_000;
/** Characters of lines handed to the compressor at once. */
const WRITE_PIECE = 64 * 1024;

/** Which part of the ledger to export: a contiguous slice of the global order. */
export interface ExportSelection {
  /** Start after this global position (exclusive); from the first event when absent. */
  after?: string;
  /** Stop after this global position (inclusive). */
  through?: string;
  /** Start at the first event recorded at or after this time. */
  since?: Date;
  /** Stop before the first event recorded at or after this time. */
  before?: Date;
  /** The export this one follows: it starts right after that one's last event. */
  previousDir?: string;
}

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  createdAt: string;
  events: { file: string; sha256: string; count: number };
  heads: { file: string; sha256: string; count: number };
  /** Streams with events in this export, by kind (the part of the id before the first dash). */
  streams: Record<string, number>;
  range: {
    /** True when the export starts at the ledger's first event (balances start at zero). */
    fromGenesis: boolean;
    first: { position: string; recordedAt: string } | null;
    last: {
      position: string;
      recordedAt: string;
      streamId: string;
      revision: number;
      hash: string;
    } | null;
  };
  selection: {
    after: string | null;
    through: string | null;
    since: string | null;
    before: string | null;
  };
  /** The export this one continues: the digest of its manifest and its last event. */
  previous: { manifestSha256: string; lastPosition: string; lastHash: string } | null;
  key: { algorithm: "Ed25519"; fingerprint: string; publicKey: string };
}

/**
 * Writes the selected slice of the ledger into `dir`: events.jsonl.gz (one event per line, in
 * global order, as stored with its hash chain link), heads.jsonl.gz (each stream's last revision
 * and hash in this export, in stream order), manifest.json and manifest.sig (Ed25519 over the
 * manifest's bytes). Memory stays bounded by one read batch and `headsInMemory` heads (the rest
 * sorted on disk: StreamHeads), whatever the ledger's size.
 */
export async function writeLedgerExport(
  store: EventStore,
  dir: string,
  key: KeyObject,
  selection: ExportSelection = {},
  { headsInMemory }: { headsInMemory?: number } = {},
): Promise<ExportManifest> {
  const heads = new StreamHeads(headsInMemory);
  try {
    return await writeWith(store, dir, key, selection, heads);
  } finally {
    heads.close();
  }
}

async function writeWith(
  store: EventStore,
  dir: string,
  key: KeyObject,
  selection: ExportSelection,
  heads: StreamHeads,
): Promise<ExportManifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0)
    throw new Error(`${dir} is not empty: export into a new directory.`);
  const previous = selection.previousDir ? await previousExport(selection.previousDir) : null;
  const after = previous?.lastPosition ?? selection.after;

  let count = 0;
  let first: ExportManifest["range"]["first"] = null;
  let last: ExportManifest["range"]["last"] = null;
  let started = !selection.since;
  const events = gzipFile(path.join(dir, EVENTS_FILE));
  // The next page is asked for before this one is written: PostgreSQL reads while this process
  // serialises and compresses.
  const read = (cursor: string | undefined) => {
    const page = store.readAll({ after: cursor, maxCount: READ_BATCH });
    page.catch(() => {}); // awaited below, unless the selection ends first
    return page;
  };
  reading: for (let next = read(after); ; ) {
    const batch = await next;
    if (batch.length === 0) break;
    next = read(batch.at(-1)!.position);
    for (const event of batch) {
      if (!started && event.recordedAt >= selection.since!) started = true;
      if (!started) continue;
      if (selection.before && event.recordedAt >= selection.before) break reading;
      await events.write(`${JSON.stringify(eventAsJson(event))}\n`);
      count++;
      heads.note(event.streamId, event.revision, event.hash);
      const recordedAt = event.recordedAt.toISOString();
      first ??= { position: event.position, recordedAt };
      last = {
        position: event.position,
        recordedAt,
        streamId: event.streamId,
        revision: event.revision,
        hash: event.hash,
      };
      if (event.position === selection.through) break reading;
    }
  }
  await events.end();

  const headsFile = gzipFile(path.join(dir, HEADS_FILE));
  const streams: Record<string, number> = {};
  let streamCount = 0;
  for await (const { streamId, revision, hash } of heads.sorted()) {
    await headsFile.write(`${JSON.stringify({ streamId, revision, hash })}\n`);
    const kind = streamId.split("-")[0]!;
    streams[kind] = (streams[kind] ?? 0) + 1;
    streamCount++;
  }
  await headsFile.end();

  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    createdAt: new Date().toISOString(),
    events: { file: EVENTS_FILE, sha256: await fileSha256(path.join(dir, EVENTS_FILE)), count },
    heads: {
      file: HEADS_FILE,
      sha256: await fileSha256(path.join(dir, HEADS_FILE)),
      count: streamCount,
    },
    streams,
    range: { fromGenesis: !after && !selection.since, first, last },
    selection: {
      after: after ?? null,
      through: selection.through ?? null,
      since: selection.since?.toISOString() ?? null,
      before: selection.before?.toISOString() ?? null,
    },
    previous,
    key: describePublicKey(createPublicKey(key)),
  };
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
  await writeFile(path.join(dir, "manifest.json"), bytes);
  await writeFile(path.join(dir, "manifest.sig"), `${signBytes(key, bytes)}\n`);
  return manifest;
}

/** The export a new one continues: where it ended and the digest of its manifest. */
async function previousExport(dir: string): Promise<NonNullable<ExportManifest["previous"]>> {
  const bytes = await readFile(path.join(dir, "manifest.json"));
  const manifest = JSON.parse(bytes.toString("utf8")) as ExportManifest;
  if (manifest.format !== EXPORT_FORMAT || !manifest.range.last)
    throw new Error(`${dir} holds no ledger export with events to continue from.`);
  return {
    manifestSha256: createHash("sha256").update(bytes).digest("hex"),
    lastPosition: manifest.range.last.position,
    lastHash: manifest.range.last.hash,
  };
}

/**
 * A gzip file written line by line, given to the compressor about 64 KB at a time (a compressor
 * call per line was a fifth of the export's CPU), waiting whenever its buffer is full.
 */
function gzipFile(file: string) {
  const gzip: Gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file));
  let held = "";
  const flush = async () => {
    const text = held;
    held = "";
    if (text !== "" && !gzip.write(text)) await once(gzip, "drain");
  };
  return {
    async write(text: string) {
      held += text;
      if (held.length >= WRITE_PIECE) await flush();
    },
    async end() {
      await flush();
      gzip.end();
      await done;
    },
  };
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
