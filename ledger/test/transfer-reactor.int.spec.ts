import { randomUUID } from "node:crypto";
import {
  type EventMetadata,
  moneyEffect,
  parseLedgerEvent,
  roundStream,
  type StoredEvent,
  stepId,
  TransferReactor,
  walletStream,
} from "@igp/ledger";
import { createTestLedger, ctx } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { decideWallet } from "../src/domain/wallet/wallet.decide.ts";
import type { WalletState } from "../src/domain/wallet/wallet.events.ts";

let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(() => t.close());

/** Stores a stake's debit and stops, as a process killed between debit and credit would. */
async function debitThenCrash(userId: string, roundId: string, amount: number) {
  const stakeId = randomUUID();
  const metadata = {
    actor: { userId, role: "user" as const },
    correlationId: randomUUID(),
    occurredAt: new Date().toISOString(),
  };
  await t.ledger.handler.execute(
    walletStream(userId),
    (s: WalletState) =>
      decideWallet(s, {
        type: "PlaceStake",
        stakeId,
        roundId,
        amount,
        at: new Date().toISOString(),
      }),
    metadata,
    () => randomUUID(),
  );
  return stakeId;
}

/** A player holding `amount` (as bonus) and a lottery round to stake it in. */
async function playerAndOpenRound(amount: number) {
  const userId = randomUUID();
  await t.ledger.bonuses.grant(userId, randomUUID(), amount, ctx("superAdmin"));
  const roundId = randomUUID();
  await t.ledger.rounds.open(
    { roundId, game: "lottery", betAmount: amount, cutBasisPoints: 0 },
    ctx("user"),
  );
  return { userId, roundId };
}

const stakesReceived = async (roundId: string) =>
  (await t.store.readStream(roundStream(roundId))).filter((e) => e.type === "StakeReceived");

it("completes a transfer whose credit was never stored, exactly once, even when run twice", async () => {
  const userId = randomUUID();
  const deposit = randomUUID();
  await t.ledger.deposits.request(
    { depositId: deposit, userId, method: "bank", amount: 10_000, depositCode: "C" },
    ctx("user", userId),
  );
  await t.ledger.deposits.approveBank(deposit, ctx("superAdmin"));
  const roundId = randomUUID();
  await t.ledger.rounds.open(
    { roundId, game: "coin-flip", betAmount: 4_000, cutBasisPoints: 1_000 },
    ctx("user"),
  );
  const stakeId = await debitThenCrash(userId, roundId, 4_000);

  const before = await t.replay();
  expect(before.moneyInFlight).toBe(4_000n);
  expect(before.verdict()).toEqual([]);
  expect(await stakesReceived(roundId)).toHaveLength(0);

  // Two reactors (two processes after a restart) at once, then one of them again.
  const reactors = [0, 1].map(
    () => new TransferReactor(t.store, t.ledger, t.checkpoints, { graceMs: 0 }),
  );
  const other = await t.otherProcess();
  const third = new TransferReactor(t.store, other.ledger, t.checkpoints, {
    graceMs: 0,
    name: "other",
  });
  await Promise.all([reactors[0]!.runOnce(), third.runOnce()]);
  await reactors[1]!.runOnce();
  await other.close();

  const received = await stakesReceived(roundId);
  expect(received).toHaveLength(1);
  expect(received[0]!.id).toBe(stepId(stakeId, "credit"));
  const after = await t.replay();
  expect(after.moneyInFlight).toBe(0n);
  expect(after.verdict()).toEqual([]);
});

it("keeps its checkpoint before an unfinished debit and finishes it after a restart", async () => {
  const { userId, roundId } = await playerAndOpenRound(1_000);

  // A live reactor with a long grace sees the debit but must not deliver it yet, nor skip it.
  const live = new TransferReactor(t.store, t.ledger, t.checkpoints, {
    graceMs: 60_000,
    name: "restart",
  });
  await live.start();
  await debitThenCrash(userId, roundId, 1_000);
  await expect.poll(() => live.unfinished, { timeout: 10_000 }).toBe(1);
  await live.stop();
  expect(await stakesReceived(roundId)).toHaveLength(0);

  const restarted = new TransferReactor(t.store, t.ledger, t.checkpoints, {
    graceMs: 0,
    name: "restart",
  });
  expect(await restarted.runOnce()).toBeGreaterThanOrEqual(1);
  expect(await stakesReceived(roundId)).toHaveLength(1);
  expect((await t.replay()).verdict()).toEqual([]);
});

it("a running reactor heals a missing credit by itself after its grace period", async () => {
  const { userId, roundId } = await playerAndOpenRound(2_000);
  const reactor = new TransferReactor(t.store, t.ledger, t.checkpoints, {
    graceMs: 100,
    name: "live",
  });
  await reactor.start();
  await debitThenCrash(userId, roundId, 2_000);
  await expect
    .poll(async () => (await stakesReceived(roundId)).length, { timeout: 10_000 })
    .toBe(1);
  await reactor.stop();
});

it("a stake delivered again after its round closed changes nothing", async () => {
  const { userId, roundId } = await playerAndOpenRound(3_000);
  await t.ledger.rounds.placeStake(
    { userId, roundId, stakeId: randomUUID(), amount: 3_000 },
    ctx("user", userId),
  );
  await t.ledger.rounds.closeStakes(roundId, ctx("superAdmin"));
  // A reactor that read the debit before the room had delivered it delivers it too, late.
  const placed = (await t.store.readStream(walletStream(userId))).find(
    (e) => e.type === "StakePlaced",
  )!;
  const event = parseLedgerEvent(placed.streamId, placed.type, placed.data);
  const source: StoredEvent = { ...placed, event, metadata: placed.metadata as EventMetadata };
  for (const transfer of moneyEffect(event).sent)
    expect(await t.ledger.transfers.deliver(transfer, source, ctx("superAdmin"))).toEqual([]);

  const round = (await t.store.readStream(roundStream(roundId))).map((e) => e.type);
  expect(round).toEqual(["RoundOpened", "StakeReceived", "StakesClosed"]);
  expect((await t.replay()).verdict()).toEqual([]);
});
