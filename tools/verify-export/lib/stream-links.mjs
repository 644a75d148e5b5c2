// Each stream's chain across the whole export, checked in bounded memory. The reading keeps a
// stream only while it is open (verify-exports.mjs) and notes here each piece of its chain it
// linked: where it starts (revision and the prevHash it starts from) and where it ends. Once an
// export is read, the pieces are sorted by stream (SortedRuns: on disk beyond a bound) and walked
// beside the heads file, which is sorted by stream too, and beside the streams' ends in the
// exports before it.
import { appendFileSync, createReadStream } from "node:fs";
import { pipeline } from "node:stream";
import { createGunzip } from "node:zlib";
import { GENESIS_HASH } from "./chain.mjs";
import { hashingTap, jsonLines } from "./lines.mjs";
import { batchCursor, fileCursor, SortedRuns } from "./sorted-runs.mjs";

/** Pieces [streamId, from, prevHash, to, hash] by stream, then where they start. */
const byStream = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);
const noCursor = { head: undefined, advance() {} };

export class StreamLinks {
  /** Streams with events in the exports checked so far. */
  streams = 0;
  /** Streams whose chain starts in an export that does not start at the ledger's first event. */
  anchored = 0;
  #pieces;
  /** Each stream's last revision and hash in the exports before (a sorted file), or null. */
  #before = null;
  #exports = 0;

  constructor(recordsInMemory) {
    this.#pieces = new SortedRuns(byStream, recordsInMemory);
  }

  /**
   * A piece of a stream's chain, linked event to event from revision `from` (whose prevHash is
   * `prevHash`, not yet checked) to revision `to` (hash `hash`).
   */
  piece(streamId, from, prevHash, to, hash) {
    this.#pieces.add([streamId, from, prevHash, to, hash]);
  }

  /**
   * After an export is read: every piece follows the one before it in its stream (or the
   * stream's end in the exports before, or its genesis), each stream's last end is its head,
   * each head has events, and the heads file is as the manifest says.
   */
  async check(dir, manifest, problems, { checksMoney, more }) {
    const file = `${dir}/${manifest.heads?.file ?? "heads.jsonl.gz"}`;
    const pieces = await this.#pieces.drain();
    const before = this.#before ? await fileCursor(this.#before) : noCursor;
    const after = more ? this.#pieces.file(`ends-${this.#exports++}.jsonl`) : null;
    const written = [];
    const heads = await headsCursor(file, problems);
    const kinds = {};
    let streams = 0;
    for (;;) {
      const streamId = smallest(pieces.head?.[0], before.head?.[0], heads.head?.streamId);
      if (streamId === undefined) break;
      const own = [];
      for (; pieces.head?.[0] === streamId; await pieces.advance()) own.push(pieces.head);
      let earlier = null;
      if (before.head?.[0] === streamId) {
        earlier = { revision: before.head[1], hash: before.head[2] };
        await before.advance();
      }
      let head = null;
      if (heads.head?.streamId === streamId) {
        head = heads.head;
        await heads.advance();
      }
      const last = this.#follow(streamId, own, earlier, checksMoney, problems);
      if (own.length > 0) {
        const kind = streamId.split("-")[0];
        kinds[kind] = (kinds[kind] ?? 0) + 1;
        if (!head) problems.add(`${streamId}: has events but no head in the export`);
        else if (head.revision !== last.revision || head.hash !== last.hash)
          problems.add(
            `${streamId}: its head is revision ${head.revision}, its events end at ${last.revision}`,
          );
      } else if (head)
        problems.add(`${streamId}: in the heads but no event of it (stream missing)`);
      if (!last) continue;
      streams++;
      if (after) written.push(JSON.stringify([streamId, last.revision, last.hash]));
      if (written.length >= 10_000) appendFileSync(after, `${written.splice(0).join("\n")}\n`);
    }
    if (after) appendFileSync(after, written.length ? `${written.join("\n")}\n` : "");
    this.#before = after;
    this.streams = streams;
    if (heads.damaged) return;
    if (heads.digest() !== manifest.heads?.sha256)
      problems.add(`${file}: its SHA-256 is not the manifest's`);
    if (heads.count !== manifest.heads?.count)
      problems.add(`${dir}: ${heads.count} heads, the manifest says ${manifest.heads?.count}`);
    if (JSON.stringify(sorted(kinds)) !== JSON.stringify(sorted(manifest.streams ?? {})))
      problems.add(
        `${dir}: streams by kind ${JSON.stringify(kinds)}, the manifest says ${JSON.stringify(manifest.streams)}`,
      );
  }

  /** An export that could not be read whole: its pieces are dropped unchecked. */
  async skip() {
    await this.#pieces.drain();
  }

  close() {
    this.#pieces.close();
  }

  /** One stream's pieces in order, each linked to the end before it; answers its last end. */
  #follow(streamId, own, earlier, checksMoney, problems) {
    let last = earlier;
    for (const [, from, prevHash, to, hash] of own) {
      const where = `${streamId}@${from}`;
      if (last) {
        if (from !== last.revision + 1)
          problems.add(
            `${where}: revision follows ${last.revision} (event removed, inserted or moved?)`,
          );
        else if (prevHash !== last.hash)
          problems.add(`${where}: prevHash is not the previous event's hash`);
      } else if (from === 0) {
        if (prevHash !== GENESIS_HASH)
          problems.add(`${where}: prevHash is not the previous event's hash`);
      } else if (checksMoney)
        problems.add(`${where}: waits for revision 0, which never came (event removed?)`);
      else this.anchored++;
      last = { revision: to, hash };
    }
    return last;
  }
}

const smallest = (...ids) => {
  let least;
  for (const id of ids) if (id !== undefined && (least === undefined || id < least)) least = id;
  return least;
};

const sorted = (object) =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The heads file as a cursor, one stream a line in stream order, hashing its compressed bytes.
 * A damaged file (truncated, not JSON, out of order) is reported once and ends the cursor.
 */
async function headsCursor(file, problems) {
  const { tap, digest } = hashingTap();
  const lines = pipeline(createReadStream(file), tap, createGunzip(), () => {});
  let previous = null;
  const parse = (line) => {
    const head = JSON.parse(line);
    if (typeof head?.streamId !== "string") throw new Error("a line without a streamId");
    if (previous !== null && !(previous < head.streamId))
      throw new Error(`${head.streamId} after ${previous}: not in stream order, each once`);
    previous = head.streamId;
    return head;
  };
  let cursor = noCursor;
  const heads = {
    damaged: false,
    count: 0,
    digest,
    get head() {
      return cursor.head;
    },
    async advance() {
      heads.count++;
      try {
        await cursor.advance();
      } catch (error) {
        damaged(error);
      }
    },
  };
  const damaged = (error) => {
    problems.add(`${file}: truncated or damaged (${error.code ?? error.message})`);
    heads.damaged = true;
    cursor = noCursor;
  };
  try {
    cursor = await batchCursor(jsonLines(lines, parse));
  } catch (error) {
    damaged(error);
  }
  return heads;
}
