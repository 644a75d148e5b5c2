import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import {
  LedgerReplay,
  openLedgerSnapshot,
  potAfterCut,
  type ReplayedStream,
  type ScannedEvent,
  walletStream,
} from "@igp/ledger";
import { approvedBankDeposit, createTestLedger, ctx } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * The replay's open streams spilled to a temporary file beyond a bound (docs/audit.md, how the
 * audit streams): with room for one account in memory, every other account goes to the file and
 * back as its events come, and the replay must end exactly as the one that holds all in memory:
 * the same states handed over, the same open streams at any moment, the same findings on a
 * fault in a stream that was spilled.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
let scanned: ScannedEvent[];
const players = Array.from({ length: 6 }, () => randomUUID());

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
    [{ userId: second, amount: potAfterCut(2_000, 1_000) }],
    [],
    ctx("user"),
  );
}

beforeAll(async () => {
  t = await createTestLedger();
  for (const player of players) await approvedBankDeposit(t.ledger, player, 50_000);
  for (let i = 0; i < 12; i++) await coinRound(players[i % 6]!, players[(i + 1) % 6]!);
  const withdrawalId = randomUUID();
  await t.ledger.withdrawals.request(
    {
      withdrawalId,
      amount: 10_000,
      allowBonus: false,
      method: "bank",
      bankName: "CBE",
      accountNumber: "55",
      withdrawCode: "W1",
    },
    ctx("user", players[0]),
  );
  for (const player of players) await approvedBankDeposit(t.ledger, player, 5_000);
  await t.ledger.withdrawals.approve(
    withdrawalId,
    { paymentReference: "FT1REF" },
    ctx("superAdmin"),
  );
  const snapshot = await openLedgerSnapshot(t.pool);
  scanned = [];
  try {
    for await (const page of snapshot.pages(10)) scanned.push(...page);
  } finally {
    await snapshot.close();
  }
});
afterAll(() => t.close());

/** A streaming replay (end marks honoured), its handed-over states, the open streams midway. */
async function replayed(events: ScannedEvent[], openInMemory?: number) {
  const ended = new Map<string, ReplayedStream>();
  const replay = new LedgerReplay(
    (stream) => ended.set(`${stream.kind}-${stream.id}`, structuredClone(stream)),
    openInMemory,
  );
  let midway = new Map<string, ReplayedStream>();
  for (const [i, event] of events.entries()) {
    replay.apply(event, event.last);
    if (i === Math.floor(events.length / 2)) midway = new Map(structuredClone([...replay.streams]));
  }
  const result = {
    verdict: replay.verdict(),
    ended,
    midway,
    open: new Map(replay.streams),
    counts: replay.streamCounts,
    money: [replay.moneyIn, replay.moneyOut, replay.moneyInFlight],
    house: replay.house,
    events: replay.events,
  };
  const spilled = replay.streams.spilled;
  await replay.close();
  return { result, spilled };
}

it("ends with the states, verdict and figures of the replay that holds every stream in memory", async () => {
  const inMemory = await replayed(scanned);
  const spilling = await replayed(scanned, 1);
  expect(inMemory.spilled).toBe(0);
  // Each wallet goes to the file many times (the others' events come between its own).
  expect(spilling.spilled).toBeGreaterThan(players.length * 4);
  expect(spilling.result).toEqual(inMemory.result);
  expect(spilling.result.verdict).toEqual([]);
  expect(spilling.result.midway.size).toBeGreaterThan(players.length);
  expect(spilling.result.ended.size).toBe(new Set(scanned.map((e) => e.streamId)).size);
});

it("reads spilled streams back when they are listed or still open at the end (no end marks)", async () => {
  const unmarked = scanned.map((event) => ({ ...event, last: false }));
  const inMemory = await replayed(unmarked);
  const spilling = await replayed(unmarked, 2);
  expect(spilling.spilled).toBeGreaterThan(0);
  expect(spilling.result).toEqual(inMemory.result);
  expect(spilling.result.open.size).toBe(new Set(scanned.map((e) => e.streamId)).size);
});

it("finds the same faults in a spilled stream: an event removed, another altered", async () => {
  const wallet = walletStream(players[3]!);
  const ofWallet = scanned.filter((e) => e.streamId === wallet);
  const altered = ofWallet[2]!;
  const removed = ofWallet[6]!;
  const faulty = scanned
    .filter((e) => e !== removed)
    .map((e) => (e === altered ? { ...e, data: { ...e.data, main: 1 } } : e));
  const inMemory = await replayed(faulty);
  const spilling = await replayed(faulty, 1);
  expect(spilling.spilled).toBeGreaterThan(0);
  expect(spilling.result).toEqual(inMemory.result);
  expect(spilling.result.verdict).toEqual(
    expect.arrayContaining([
      `${wallet}@2: hash does not match the event's content (altered?)`,
      // The events after the gap wait for the one removed, and are reported at the end.
      `${wallet}@7: revision follows 5`,
      `${wallet}@8: revision follows 5`,
      expect.stringMatching(/^money invariant broken/),
    ]),
  );
});

it("removes its spill file and lets its streams go when closed", async () => {
  const spills = async () =>
    (await readdir(tmpdir())).filter((name) => name.startsWith("igp-audit-spill-"));
  const before = await spills();
  const replay = new LedgerReplay(undefined, 1);
  replay.applyAll(scanned);
  expect(replay.streams.spilled).toBeGreaterThan(0);
  expect((await spills()).length).toBe(before.length + 1);
  await replay.close();
  expect(await spills()).toEqual(before);
  expect(replay.streams.size).toBe(0);
  expect([...replay.streams.values()]).toEqual([]);
});
