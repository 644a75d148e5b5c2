// Verifies one export, or several in the order they were made, streaming every file once.
import { createHash, createPublicKey, verify } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import { comparePositions, eventHash, GENESIS_HASH } from "./chain.mjs";
import { FairDraws } from "./fairness.mjs";
import { MoneyBook } from "./money.mjs";

export const EXPORT_FORMAT = "igp-ledger-export/1";
const MAX_LISTED = 100;
/** Events held back waiting for an earlier revision of their stream (bounded memory). */
const MAX_WAITING = 100_000;

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const fingerprintOf = (key) => sha256(key.export({ type: "spki", format: "der" }));

/** Problems, kept up to a bound (a broken export can have millions) and counted beyond it. */
class Problems {
  list = [];
  count = 0;
  add(text) {
    this.count++;
    if (this.list.length < MAX_LISTED) this.list.push(text);
  }
}

/**
 * Checks exports `dirs` (the first one, and each following the one before it): the manifests'
 * signatures under `publicKeyPem` (else the key each manifest names, which proves only that the
 * export is whole), the files' digests, every event's hash and its stream's chain, the global
 * order, each stream's head, the links between exports; from the ledger's first event on also
 * money (no negative balance, every transfer credited once as sent, the money invariant) and
 * every settled draw. Returns the problems and what was found.
 */
export async function verifyExports(dirs, { publicKeyPem } = {}) {
  const problems = new Problems();
  const given = publicKeyPem ? createPublicKey(publicKeyPem) : null;
  const chains = new Map();
  const pending = new Map();
  const money = new MoneyBook();
  const fair = new FairDraws();
  const state = {
    events: 0,
    last: null,
    checksMoney: false,
    anchored: 0,
    waiting: 0,
    keys: new Set(),
  };
  let previousManifest = null;
  for (const [index, dir] of dirs.entries()) {
    const bytes = await readFile(path.join(dir, "manifest.json")).catch(() => null);
    if (!bytes) {
      problems.add(`${dir}: no manifest.json`);
      break;
    }
    let manifest;
    try {
      manifest = JSON.parse(bytes.toString("utf8"));
    } catch {
      problems.add(`${dir}/manifest.json: not JSON`);
      break;
    }
    if (manifest.format !== EXPORT_FORMAT) {
      problems.add(`${dir}/manifest.json: format ${manifest.format}, expected ${EXPORT_FORMAT}`);
      break;
    }
    await checkSignature(dir, bytes, manifest, given, problems, state);
    if (index === 0) state.checksMoney = manifest.range?.fromGenesis === true;
    else checkLink(dir, manifest, previousManifest, problems);
    await checkEvents(dir, manifest, { chains, pending, money, fair, problems, state });
    previousManifest = { manifest, sha256: sha256(bytes) };
  }
  for (const [streamId, waiting] of pending)
    for (const revision of waiting.keys())
      problems.add(
        `${streamId}@${revision}: waits for revision ${chains.get(streamId).revision + 1}, which never came (event removed?)`,
      );
  const report = {
    exports: dirs.length,
    events: state.events,
    streams: chains.size,
    anchoredStreams: state.anchored,
    keys: [...state.keys],
    checksMoney: state.checksMoney,
    lastPosition: state.last?.position ?? null,
  };
  if (state.checksMoney) {
    const verdict = money.verdict();
    for (const problem of verdict.problems) problems.add(problem);
    for (const problem of fair.problems) problems.add(problem);
    Object.assign(report, {
      moneyIn: money.moneyIn,
      moneyOut: money.moneyOut,
      inFlight: verdict.inFlight,
      accounts: verdict.held,
      house: money.house,
      balances: money.accounts,
      fairDraws: fair.checked,
      settledWithoutDraw: fair.withoutDraw,
    });
  }
  return {
    ok: problems.count === 0,
    problems: problems.list,
    problemCount: problems.count,
    report,
  };
}

async function checkSignature(dir, bytes, manifest, given, problems, state) {
  const signature = await readFile(path.join(dir, "manifest.sig"), "utf8").catch(() => null);
  if (!signature) return problems.add(`${dir}: no manifest.sig`);
  let key = given;
  try {
    key ??= createPublicKey(manifest.key.publicKey);
  } catch {
    return problems.add(`${dir}/manifest.json: its key is not a public key`);
  }
  const fingerprint = fingerprintOf(key);
  state.keys.add(fingerprint);
  if (manifest.key?.fingerprint !== fingerprint)
    problems.add(
      `${dir}: the manifest names key ${manifest.key?.fingerprint}, not the key ${fingerprint}`,
    );
  let valid = false;
  try {
    valid = verify(null, bytes, key, Buffer.from(signature.trim(), "base64"));
  } catch {}
  if (!valid)
    problems.add(`${dir}: the manifest's signature does not verify under key ${fingerprint}`);
}

/** An export that follows another names that one's manifest and last event. */
function checkLink(dir, manifest, previous, problems) {
  const link = manifest.previous;
  const last = previous.manifest.range?.last;
  if (
    !link ||
    link.manifestSha256 !== previous.sha256 ||
    link.lastHash !== last?.hash ||
    link.lastPosition !== last?.position
  )
    problems.add(`${dir}: does not continue the export given before it`);
}

/**
 * Streams a gzip file's lines to `onLine` while hashing its compressed bytes; returns the hash.
 * One pipeline, so a slow consumer pauses the reading and any error (a truncated file) rejects.
 */
async function readGzipLines(file, onLine) {
  const hash = createHash("sha256");
  const tap = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(file), tap, createGunzip(), async (source) => {
    const decoder = new StringDecoder("utf8");
    let rest = "";
    for await (const chunk of source) {
      const lines = (rest + decoder.write(chunk)).split("\n");
      rest = lines.pop();
      for (const line of lines) if (line) onLine(line);
    }
    rest += decoder.end();
    if (rest) onLine(rest);
  });
  return hash.digest("hex");
}

async function checkEvents(dir, manifest, { chains, pending, money, fair, problems, state }) {
  const file = path.join(dir, manifest.events?.file ?? "events.jsonl.gz");
  const touched = new Map();
  let count = 0;
  let first = null;
  const onLine = (line) => {
    count++;
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      return problems.add(`${dir}: event line ${count} is not JSON`);
    }
    first ??= event;
    if (state.last && comparePositions(event.position, state.last.position) <= 0)
      problems.add(
        `${event.streamId}@${event.revision}: at position ${event.position}, not after ${state.last.position} (out of order)`,
      );
    state.last = event;
    state.events++;
    const head = touched.get(event.streamId);
    if (!head || event.revision > head.revision)
      touched.set(event.streamId, { revision: event.revision, hash: event.hash });
    deliver(event);
  };
  /**
   * Each stream's events in revision order. The global order is the commit order of
   * transactions (ledger.md), and a group commit that wrote first and commits last can hold a
   * stream's later revision before an earlier one that another transaction committed meanwhile:
   * an event ahead of its stream waits here (a handful at most) until the one before it comes.
   */
  const deliver = (event) => {
    let chain = chains.get(event.streamId);
    if (!chain) {
      chain = { revision: -1, hash: GENESIS_HASH };
      if (event.revision !== 0 && !state.checksMoney) {
        state.anchored++;
        chain = { revision: event.revision - 1, hash: event.prevHash };
      }
      chains.set(event.streamId, chain);
    }
    if (event.revision > chain.revision + 1) {
      if (state.waiting >= MAX_WAITING)
        return problems.add(
          `${event.streamId}@${event.revision}: too many events ahead of their streams' order`,
        );
      const waiting = pending.get(event.streamId) ?? new Map();
      waiting.set(event.revision, event);
      pending.set(event.streamId, waiting);
      state.waiting++;
      return;
    }
    link(event, chain);
    const waiting = pending.get(event.streamId);
    for (
      let next = waiting?.get(chain.revision + 1);
      next;
      next = waiting.get(chain.revision + 1)
    ) {
      waiting.delete(next.revision);
      state.waiting--;
      link(next, chain);
    }
    if (waiting?.size === 0) pending.delete(event.streamId);
  };
  const link = (event, chain) => {
    const where = `${event.streamId}@${event.revision}`;
    if (event.revision !== chain.revision + 1)
      problems.add(`${where}: revision follows ${chain.revision} (event inserted or repeated?)`);
    if (event.prevHash !== chain.hash)
      problems.add(`${where}: prevHash is not the previous event's hash`);
    if (eventHash(event) !== event.hash)
      problems.add(`${where}: hash does not match the event's content (altered?)`);
    chain.revision = event.revision;
    chain.hash = event.hash;
    if (state.checksMoney) {
      try {
        money.apply(event, where);
        fair.apply(event);
      } catch (error) {
        problems.add(`${where}: malformed ${event.type} (${error.message})`);
      }
    }
  };
  let digest;
  try {
    digest = await readGzipLines(file, onLine);
  } catch (error) {
    problems.add(`${file}: truncated or damaged (${error.code ?? error.message})`);
    return;
  }
  if (digest !== manifest.events?.sha256)
    problems.add(`${file}: its SHA-256 is not the manifest's`);
  if (count !== manifest.events?.count)
    problems.add(`${dir}: ${count} events, the manifest says ${manifest.events?.count}`);
  const range = manifest.range ?? {};
  if ((first?.position ?? null) !== (range.first?.position ?? null))
    problems.add(
      `${dir}: starts at ${first?.position}, the manifest says ${range.first?.position}`,
    );
  const last = count > 0 ? state.last : null;
  if (
    (last?.position ?? null) !== (range.last?.position ?? null) ||
    (last?.hash ?? null) !== (range.last?.hash ?? null)
  )
    problems.add(`${dir}: ends at ${last?.position}, the manifest says ${range.last?.position}`);
  await checkHeads(dir, manifest, touched, problems);
}

/** Each stream's head in the heads file is where its chain ended; none missing, none extra. */
async function checkHeads(dir, manifest, touched, problems) {
  const file = path.join(dir, manifest.heads?.file ?? "heads.jsonl.gz");
  const seen = new Set();
  const kinds = {};
  let digest;
  try {
    digest = await readGzipLines(file, (line) => {
      const head = JSON.parse(line);
      seen.add(head.streamId);
      const chain = touched.get(head.streamId);
      if (!chain)
        problems.add(`${head.streamId}: in the heads but no event of it (stream missing)`);
      else if (chain.revision !== head.revision || chain.hash !== head.hash)
        problems.add(
          `${head.streamId}: its head is revision ${head.revision}, its events end at ${chain.revision}`,
        );
    });
  } catch (error) {
    problems.add(`${file}: truncated or damaged (${error.code ?? error.message})`);
    return;
  }
  if (digest !== manifest.heads?.sha256) problems.add(`${file}: its SHA-256 is not the manifest's`);
  for (const streamId of touched.keys()) {
    if (!seen.has(streamId)) problems.add(`${streamId}: has events but no head in the export`);
    const kind = streamId.split("-")[0];
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  if (seen.size !== manifest.heads?.count)
    problems.add(`${dir}: ${seen.size} heads, the manifest says ${manifest.heads?.count}`);
  if (JSON.stringify(sorted(kinds)) !== JSON.stringify(sorted(manifest.streams ?? {})))
    problems.add(
      `${dir}: streams by kind ${JSON.stringify(kinds)}, the manifest says ${JSON.stringify(manifest.streams)}`,
    );
}

const sorted = (object) =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));
