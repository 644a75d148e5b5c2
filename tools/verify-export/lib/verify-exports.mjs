// Verifies one export, or several in the order they were made, streaming every file once.
import { createHash, createPublicKey, verify } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { comparePositions, eventHash, GENESIS_HASH } from "./chain.mjs";
import { FairDraws } from "./fairness.mjs";
import { hashingTap, jsonLines } from "./lines.mjs";
import { MoneyBook } from "./money.mjs";
import { ScratchDir } from "./scratch-dir.mjs";
import { SpillingMap } from "./spilling-map.mjs";
import { StreamLinks } from "./stream-links.mjs";

export const EXPORT_FORMAT = "igp-ledger-export/1";
const MAX_LISTED = 100;
/** Events held back waiting for an earlier revision of their stream (bounded memory). */
const MAX_WAITING = 100_000;
/** Pieces of streams' chains sorted in memory before a run of them goes to disk (stream-links.mjs). */
export const RECORDS_IN_MEMORY = 20_000;
/**
 * Open streams (each one's chain link; each account's money) held in memory, the least recently
 * used beyond it in a file (spilling-map.mjs): more than a ledger of 1M events has open (20,000
 * wallets in the bench's mix, which then spills nothing: at 20,000 it read back from the file at
 * most wallet events and took 18% more CPU), so a larger ledger's accounts take no more memory.
 */
export const STREAMS_IN_MEMORY = 30_000;
/**
 * A stream's usual last event: a round settled or cancelled, a request decided. Its stream is
 * let go then (its piece of chain noted in StreamLinks), so memory follows the streams still in
 * play and the accounts, not every stream ever. A later event of it (a deposit's agent money
 * arriving late) opens the stream again: its link is checked in StreamLinks all the same.
 */
const LAST_USUALLY = new Set([
  "RoundSettled",
  "RoundCancelled",
  "WithdrawalApproved",
  "WithdrawalDisapproved",
  "ChargeApproved",
  "ChargeDisapproved",
  "BankDepositApproved",
  "AgentDepositApproved",
  "AgentFundsReturned",
  "DepositDisapproved",
]);

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
 * every settled draw. Returns the problems and what was found, as `whileOpen` makes of them: the
 * report's balances can be read only until it returns (they may be in a temporary file).
 */
export async function verifyExports(
  dirs,
  { publicKeyPem, recordsInMemory = RECORDS_IN_MEMORY, streamsInMemory = STREAMS_IN_MEMORY } = {},
  whileOpen = (result) => result,
) {
  const links = new StreamLinks(recordsInMemory);
  const scratch = new ScratchDir();
  /** The streams open: each one's last revision and hash, its last type, the export it is in. */
  const chains = new SpillingMap(streamsInMemory, () => scratch.file("chains"));
  const accounts = new SpillingMap(streamsInMemory, () => scratch.file("accounts"));
  try {
    return await whileOpen(await verifyWith(dirs, publicKeyPem, { links, chains, accounts }));
  } finally {
    chains.close();
    accounts.close();
    scratch.close();
    links.close();
  }
}

async function verifyWith(dirs, publicKeyPem, { links, chains, accounts }) {
  const problems = new Problems();
  const given = publicKeyPem ? createPublicKey(publicKeyPem) : null;
  const pending = new Map();
  const money = new MoneyBook(accounts);
  const fair = new FairDraws();
  const state = {
    events: 0,
    last: null,
    checksMoney: false,
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
    const more = index < dirs.length - 1;
    const context = { chains, pending, money, fair, problems, state, links, index };
    await checkEvents(dir, manifest, context, more);
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
    streams: links.streams,
    anchoredStreams: links.anchored,
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
  const { tap, digest } = hashingTap();
  await pipeline(createReadStream(file), tap, createGunzip(), async (source) => {
    for await (const lines of jsonLines(source, (line) => line))
      for (const line of lines) onLine(line);
  });
  return digest();
}

async function checkEvents(dir, manifest, context, more) {
  const { problems, state, links } = context;
  const file = path.join(dir, manifest.events?.file ?? "events.jsonl.gz");
  let count = 0;
  let first = null;
  const deliver = deliverer(context);
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
    deliver.event(event);
  };
  let digest;
  try {
    digest = await readGzipLines(file, onLine);
  } catch (error) {
    problems.add(`${file}: truncated or damaged (${error.code ?? error.message})`);
    await links.skip();
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
  deliver.ended();
  await links.check(dir, manifest, problems, { checksMoney: state.checksMoney, more });
}

/**
 * Each stream's events in revision order. The global order is the commit order of
 * transactions (ledger.md), and a group commit that wrote first and commits last can hold a
 * stream's later revision before an earlier one that another transaction committed meanwhile:
 * an event ahead of its stream waits here (a handful at most) until the one before it comes.
 * A stream is let go after its usual last event (LAST_USUALLY); each piece of a stream's chain
 * linked here (in one export, from its first event there or its reopening to its end or
 * letting go) goes to StreamLinks, which checks that the pieces join.
 */
function deliverer({ chains, pending, money, fair, problems, state, links, index }) {
  const event = (event) => {
    let chain = chains.get(event.streamId);
    if (!chain) {
      chain = { revision: -1, hash: GENESIS_HASH, type: null, in: -1, from: 0, fromHash: null };
      // First seen in an export that does not start at genesis: its chain starts here.
      if (event.revision !== 0 && !state.checksMoney)
        chain = { ...chain, revision: event.revision - 1, hash: event.prevHash };
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
    drain(event.streamId, chain);
  };
  const drain = (streamId, chain) => {
    const waiting = pending.get(streamId);
    for (
      let next = waiting?.get(chain.revision + 1);
      next;
      next = waiting.get(chain.revision + 1)
    ) {
      waiting.delete(next.revision);
      state.waiting--;
      link(next, chain);
    }
    if (waiting?.size === 0) pending.delete(streamId);
    if (LAST_USUALLY.has(chain.type) && !pending.has(streamId)) {
      endPiece(streamId, chain);
      chains.delete(streamId);
    }
  };
  const link = (event, chain) => {
    const where = `${event.streamId}@${event.revision}`;
    if (chain.in !== index) {
      chain.from = chain.revision + 1;
      chain.fromHash = chain.hash;
      chain.in = index;
    }
    if (event.revision !== chain.revision + 1)
      problems.add(`${where}: revision follows ${chain.revision} (event inserted or repeated?)`);
    if (event.prevHash !== chain.hash)
      problems.add(`${where}: prevHash is not the previous event's hash`);
    if (eventHash(event) !== event.hash)
      problems.add(`${where}: hash does not match the event's content (altered?)`);
    chain.revision = event.revision;
    chain.hash = event.hash;
    chain.type = event.type;
    if (state.checksMoney) {
      try {
        money.apply(event, where);
        fair.apply(event);
      } catch (error) {
        problems.add(`${where}: malformed ${event.type} (${error.message})`);
      }
    }
  };
  /**
   * At the export's end, streams still waiting for their revision 0 (from genesis): opened
   * again after their usual last event, or their first event removed. Each starts at its lowest
   * revision waiting; StreamLinks finds whether that joins the stream's earlier piece.
   */
  const reopened = () => {
    const waitingForZero = [...pending.keys()].filter((streamId) => {
      const chain = chains.get(streamId);
      return chain.in === -1 && chain.revision === -1;
    });
    for (const streamId of waitingForZero) {
      const chain = chains.get(streamId);
      const lowest = Math.min(...pending.get(streamId).keys());
      chain.revision = lowest - 1;
      chain.hash = pending.get(streamId).get(lowest).prevHash;
      drain(streamId, chain);
    }
  };
  /**
   * The piece of the stream's chain linked in this export so far (none if it was not linked
   * here: the next export's `index` differs from every chain's, so none is ended twice).
   */
  const endPiece = (streamId, chain) => {
    if (chain.in !== index) return;
    links.piece(streamId, chain.from, chain.fromHash, chain.revision, chain.hash);
  };
  /** At the export's end: the pieces of the streams still open (read, not changed). */
  const ended = () => {
    reopened();
    for (const [streamId, chain] of chains) endPiece(streamId, chain);
  };
  return { event, ended };
}
