import { randomUUID } from "node:crypto";
import { LedgerReplay, type RecordedEvent, walletStream } from "@igp/ledger";
import { approvedBankDeposit, createTestLedger, readEverything } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * Ledgers written before migration 1764900000000 may hold a stream's later revision before an
 * earlier one in the global order (docs/ledger.md): the replay takes each stream in revision
 * order, and still reports a revision that never comes.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
let events: RecordedEvent[];
const player = randomUUID();
const wallet = walletStream(player);
beforeAll(async () => {
  t = await createTestLedger();
  for (let i = 0; i < 3; i++) await approvedBankDeposit(t.ledger, player, 10_000);
  events = await readEverything(t.store, t.pool);
});
afterAll(() => t.close());

const replayed = (list: RecordedEvent[]) => new LedgerReplay().applyAll(list);

const at = (revision: number) =>
  events.findIndex((e) => e.streamId === wallet && e.revision === revision);

/**
 * The events with the wallet's revision `revision - 1` moved to just after `revision`: as when a
 * younger transaction committed it and an older one chained after it (a credit still comes after
 * its debit: it is appended once the debit is read).
 */
function swapped(revision: number) {
  const list = [...events];
  const [delayed] = list.splice(at(revision - 1), 1);
  list.splice(list.indexOf(events[at(revision)]!) + 1, 0, delayed!);
  return list;
}

it("takes a stream's revisions in order when a later one comes first", () => {
  const inOrder = replayed(events);
  expect(inOrder.verdict()).toEqual([]);
  expect(at(3)).toBeGreaterThan(0);
  for (const revision of [1, 2, 3]) {
    const reordered = replayed(swapped(revision));
    expect(reordered.verdict()).toEqual([]);
    expect(reordered.events).toBe(inOrder.events);
    expect(reordered.house).toEqual(inOrder.house);
    expect(Object.fromEntries(reordered.streams)).toEqual(Object.fromEntries(inOrder.streams));
  }
});

it("reports a revision that never comes", () => {
  const gone = at(1);
  const verdict = replayed(events.filter((_, i) => i !== gone)).verdict();
  expect(verdict).toContain(`${wallet}@2: revision follows 0`);
});
