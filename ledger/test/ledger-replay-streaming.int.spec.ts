import { randomUUID } from "node:crypto";
import {
  LedgerReplay,
  openLedgerSnapshot,
  potAfterCut,
  type ReplayedStream,
  type ScannedEvent,
  walletStream,
} from "@igp/ledger";
import {
  approvedBankDeposit,
  createTestLedger,
  ctx,
  readEverything,
} from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * The audit's streaming replay (docs/audit.md): a snapshot scan marks each stream's last event,
 * the replay drops a stream once that event is applied (even when it came before the revision
 * before it), keeps transfers only in flight, and still finds a fault in a stream already
 * dropped or an event that comes after its stream's end.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
let scanned: ScannedEvent[];
const players = [randomUUID(), randomUUID()];

async function coinRound(first: string, second: string) {
  const roundId = randomUUID();
  await t.ledger.rounds.open(
    { roundId, game: "coin-flip", betAmount: 1_000, cutBasisPoints: 1_000 },
    ctx("user"),
  );
  for (const [userId, side] of [
    [first, "H"],
    [second, "T"],
  ] as const)
    await t.ledger.rounds.placeStake(
      { userId, roundId, stakeId: randomUUID(), amount: 1_000, selection: { side } },
      ctx("user", userId),
    );
  await t.ledger.rounds.settle(
    roundId,
    [{ userId: first, amount: potAfterCut(2_000, 1_000) }],
    [],
    ctx("user"),
  );
}

beforeAll(async () => {
  t = await createTestLedger();
  for (const player of players) await approvedBankDeposit(t.ledger, player, 50_000);
  for (let i = 0; i < 4; i++) await coinRound(players[i % 2]!, players[(i + 1) % 2]!);
  await approvedBankDeposit(t.ledger, players[0]!, 5_000);
  const snapshot = await openLedgerSnapshot(t.pool);
  scanned = [];
  try {
    for await (const page of snapshot.pages(7)) scanned.push(...page);
  } finally {
    await snapshot.close();
  }
});
afterAll(() => t.close());

/** Replays with the scan's end marks; the ended streams' final states and the most open at once. */
function streamed(events: ScannedEvent[]) {
  const ended = new Map<string, ReplayedStream>();
  let mostOpen = 0;
  const replay = new LedgerReplay((stream) => ended.set(`${stream.kind}-${stream.id}`, stream));
  for (const event of events) {
    replay.apply(event, event.last);
    mostOpen = Math.max(mostOpen, replay.streams.size);
  }
  return { replay, ended, mostOpen };
}

it("marks exactly each stream's highest revision as its last, reading in pages", async () => {
  const { rows } = await t.pool.query(
    "SELECT stream_id, max(revision)::int AS head, count(*)::int AS n FROM ledger_events GROUP BY stream_id",
  );
  expect(scanned.length).toBe(rows.reduce((sum, r) => sum + r.n, 0));
  const lasts = scanned.filter((e) => e.last).map((e) => `${e.streamId}@${e.revision}`);
  expect(lasts.sort()).toEqual(rows.map((r) => `${r.stream_id}@${r.head}`).sort());
});

it("gives each event as the store reads it, in the global order (its own cheaper decoding)", async () => {
  // readEverything: a plain readAll stops below another test file's transaction still running.
  const all = await readEverything(t.store, t.pool);
  expect(scanned.map(({ last: _, ...event }) => event)).toEqual(all);
  expect(all.length).toBeGreaterThan(20);
});

it("drops every stream at its end with the state a full replay ends with, holding few at once", () => {
  const full = new LedgerReplay().applyAll(scanned);
  const { replay, ended, mostOpen } = streamed(scanned);
  expect(replay.verdict()).toEqual([]);
  expect(replay.streams.size).toBe(0);
  expect(replay.transfers.size).toBe(0);
  expect(ended.size).toBe(full.streams.size);
  for (const [id, stream] of full.streams) expect(ended.get(id)).toEqual(stream);
  expect(mostOpen).toBeLessThan(full.streams.size);
  expect(replay.streamCounts).toEqual({ wallet: 2, deposit: 3, round: 4 });
  expect(replay.house).toEqual(full.house);
});

it("drops a stream whose last event comes before the revision before it", () => {
  const wallet = walletStream(players[0]!);
  const head = scanned.findIndex((e) => e.streamId === wallet && e.last);
  const before = scanned.findIndex(
    (e) => e.streamId === wallet && e.revision === scanned[head]!.revision - 1,
  );
  const late = [...scanned];
  const [delayed] = late.splice(before, 1);
  late.splice(late.indexOf(scanned[head]!) + 1, 0, delayed!);
  const { replay, ended } = streamed(late);
  expect(replay.verdict()).toEqual([]);
  expect(replay.streams.size).toBe(0);
  expect(ended.get(wallet)).toEqual(streamed(scanned).ended.get(wallet));
});

it("finds a fault in a stream it has already dropped, and an event after its stream's end", () => {
  const firstEnded = scanned.findIndex((e) => e.last);
  const altered = scanned.map((e, i) =>
    i === firstEnded ? { ...e, metadata: { ...e.metadata, forged: true } } : e,
  );
  const where = `${scanned[firstEnded]!.streamId}@${scanned[firstEnded]!.revision}`;
  expect(streamed(altered).replay.verdict()).toContain(
    `${where}: hash does not match the event's content (altered?)`,
  );

  // A stream marked ended too soon (by a scan that lied, or an event appended after it): the
  // event after its end starts the stream again and is reported.
  const wallet = walletStream(players[1]!);
  const early = scanned.map((e) =>
    e.streamId === wallet && e.revision === 0 ? { ...e, last: true } : e,
  );
  expect(streamed(early).replay.verdict()).toContain(`${wallet}@1: revision follows -1`);
});

it("keeps only transfers in flight, and still reports a transfer credited twice", () => {
  const credit = scanned.findIndex((e) => e.type === "WalletCredited");
  const twice = [...scanned];
  twice.splice(credit + 1, 0, scanned[credit]!);
  const { replay } = streamed(twice);
  const where = `${scanned[credit]!.streamId}@${scanned[credit]!.revision}`;
  expect(replay.verdict()).toContain(
    `${where}: credit of transfer ${(scanned[credit]!.data as { transferId: string }).transferId} that was never sent (or credited twice)`,
  );
  expect(replay.verdict().some((p) => p.startsWith("money invariant broken"))).toBe(true);
  expect(streamed(scanned).replay.transfers.size).toBe(0);
});
