import { randomUUID } from "node:crypto";
import {
  type CommandContext,
  CommandHandler,
  type EventStore,
  Ledger,
  type RecordedEvent,
  roundStream,
  stepId,
  TransferReactor,
  walletStream,
} from "@igp/ledger";
import { balancesIn, createTestLedger, readEverything } from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The process dies at every step of a stake, a crowd of lottery tickets, a settlement and a
 * lottery's deletion: before each call it makes to the store, and after each (the database
 * did it, the process never learnt). Right after the death nothing is half-written (no debit
 * without its credit: no money in flight but a returned stake's way back); after a restart (the
 * transfer reactor's catch-up) and the client's retry with the same keys, everything happened
 * exactly once and the whole ledger replays clean.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
beforeAll(async () => {
  t = await createTestLedger();
});
afterAll(() => t.close());

class Killed extends Error {}

/**
 * The store as a process sees it that dies at its `step`-th call, `before` making it or `after`
 * it was made; dead, every later call fails too. `reached` tells whether the operation got there.
 */
function dyingAt(store: EventStore, step: number, when: "before" | "after") {
  let calls = 0;
  let dead = false;
  const die = (): never => {
    dead = true;
    throw new Killed(`killed ${when} store call ${step}`);
  };
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (dead) die();
      const mine = ++calls;
      if (mine === step && when === "before") die();
      const result = await call(...args);
      if (mine === step || dead) die();
      return result;
    };
  return {
    store: {
      ...store,
      readStream: guarded(store.readStream),
      append: guarded(store.append),
      appendMany: guarded(store.appendMany),
    } as EventStore,
    reached: () => calls >= step,
  };
}

const REFUNDS_PER_APPEND = 3;
const ledgerOn = (store: EventStore) =>
  new Ledger(new CommandHandler(store), { refundsPerAppend: REFUNDS_PER_APPEND });

const system = (commandId: string): CommandContext => ({
  actor: { userId: "system", role: "system" },
  at: new Date().toISOString(),
  commandId,
});
const user = (userId: string, commandId: string): CommandContext => ({
  actor: { userId, role: "user" },
  at: new Date().toISOString(),
  commandId,
});

async function funded(userIds: string[], amounts: number[]) {
  for (const [i, userId] of userIds.entries())
    if (amounts[i]! > 0)
      await t.ledger.bonuses.grant(userId, randomUUID(), amounts[i]!, system(randomUUID()));
}

async function openRound(game: "coin-flip" | "lottery", roundId = randomUUID()) {
  await t.ledger.rounds.open(
    { roundId, game, betAmount: 1_00, cutBasisPoints: game === "lottery" ? 10_000 : 1_000 },
    system(`open:${roundId}`),
  );
  return roundId;
}

const stake = (ledger: Ledger, roundId: string, userId: string, stakeId: string, amount = 1_00) =>
  ledger.rounds
    .placeStake(
      { userId, roundId, stakeId, amount, selection: { clientSeed: stakeId } },
      user(userId, stakeId),
    )
    .then(
      () => "ok",
      (error: { code?: string }) => error.code ?? "killed",
    );

/** The events of these streams. */
async function eventsOf(streamIds: string[]): Promise<RecordedEvent[]> {
  return (await Promise.all(streamIds.map((id) => t.store.readStream(id)))).flat();
}

/** The stakes a round holds (by transfer id), as the store has them. */
async function heldStakes(roundId: string): Promise<Set<string>> {
  const round = await t.store.readStream(roundStream(roundId));
  return new Set(
    round.filter((e) => e.type === "StakeReceived").map((e) => e.data.transferId as string),
  );
}

/**
 * What a client's retry of a stake gets: "ok" when it was not stored; when it was, the wallet's
 * decision runs again on what is left and may refuse (the stake already paid is not charged
 * again: expectWholeStakes and the balances say so).
 */
const retried = (held: Set<string>, stakeId: string) =>
  held.has(stakeId) ? expect.stringMatching(/^(ok|insufficient_funds)$/) : "ok";

/** How many times each id occurs among `ids`. */
function counts(ids: string[]) {
  const seen = new Map<string, number>();
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  return seen;
}

/** No debit without its credit: each stake placed is received by its round, once; none twice. */
async function expectWholeStakes(walletIds: string[], roundIds: string[]) {
  const wallets = await eventsOf(walletIds.map(walletStream));
  const rounds = await eventsOf(roundIds.map(roundStream));
  const placed = counts(
    wallets
      .filter((e) => e.type === "StakePlaced")
      .map((e) => (e.data.transfer as { id: string }).id),
  );
  const received = counts(
    rounds.filter((e) => e.type === "StakeReceived").map((e) => e.data.transferId as string),
  );
  expect(received).toEqual(placed);
  for (const times of placed.values()) expect(times).toBe(1);
  const credited = counts(
    wallets.filter((e) => e.type === "WalletCredited").map((e) => e.data.transferId as string),
  );
  for (const times of credited.values()) expect(times).toBe(1);
}

/** Replays everything; `inFlight`: the money between a debit and its credit (0n when none). */
async function expectCleanLedger(inFlight?: bigint) {
  const replay = await t.replay();
  expect(replay.verdict()).toEqual([]);
  if (inFlight !== undefined) expect(replay.moneyInFlight).toBe(inFlight);
}

/** A restarted process (each batch's refunds were stored with their wallets' credits, or not
 *  at all, so its reactor finds nothing to finish): it first finishes every transfer cut short (the reactor), then retries. */
async function restart() {
  await readEverything(t.store, t.pool);
  const reactor = new TransferReactor(t.store, ledgerOn(t.store), t.checkpoints, {
    name: `reactor-${randomUUID()}`,
  });
  await reactor.runOnce();
  return ledgerOn(t.store);
}

/**
 * Runs `scenario` with a process dying at step 1, 2, ... before and after each store call,
 * until the scenario runs to its end without reaching the step. Right after each death the
 * ledger must hold no money in flight; `check` then runs in the restarted process.
 */
async function atEveryStep(
  scenario: (
    dying: Ledger,
  ) => Promise<{ crashed: Promise<unknown>; check: (restarted: Ledger) => Promise<void> }>,
) {
  let steps = 0;
  for (const when of ["before", "after"] as const) {
    for (let step = 1; ; step++) {
      const { store, reached } = dyingAt(t.store, step, when);
      const { crashed, check } = await scenario(ledgerOn(store));
      await crashed;
      if (!reached()) break;
      steps++;
      // Before anything repairs it: nothing half-written, no money between a debit and its credit.
      await expectCleanLedger(0n);
      await check(await restart());
    }
  }
  expect(steps).toBeGreaterThan(3);
}

describe("a process killed at every step", () => {
  it("of a coin-flip stake leaves no stake without its seat, nor a seat without its stake", async () => {
    await atEveryStep(async (dying) => {
      const [alice, bob] = [randomUUID(), randomUUID()];
      await funded([alice, bob], [1_00, 1_00]);
      const roundId = await openRound("coin-flip");
      const stakes = [randomUUID(), randomUUID()];
      const crashed = stake(dying, roundId, alice, stakes[0]!).then(() =>
        stake(dying, roundId, bob, stakes[1]!),
      );
      return {
        crashed,
        check: async (restarted) => {
          await expectWholeStakes([alice, bob], [roundId]);
          const held = await heldStakes(roundId);
          for (const [i, userId] of [alice, bob].entries())
            expect(await stake(restarted, roundId, userId, stakes[i]!)).toEqual(
              retried(held, stakes[i]!),
            );
          await expectWholeStakes([alice, bob], [roundId]);
          const round = await restarted.rounds.read(roundId);
          expect(round.stakes.items.map((s) => s.transferId).sort()).toEqual([...stakes].sort());
          for (const userId of [alice, bob])
            expect(await balancesIn(restarted.handler, userId)).toEqual({
              main: 0,
              bonus: 0,
            });
        },
      };
    });
  });

  it("of a crowd of lottery tickets leaves no ticket without its payment, nor charges twice", async () => {
    await atEveryStep(async (dying) => {
      const buyers = [randomUUID(), randomUUID(), randomUUID()];
      await funded(buyers, [2_00, 0, 1_00]);
      const roundId = await openRound("lottery");
      const tickets = [buyers[0]!, buyers[1]!, buyers[2]!, buyers[0]!].map((userId) => ({
        userId,
        stakeId: randomUUID(),
      }));
      const buyAll = (ledger: Ledger) =>
        Promise.all(tickets.map((s) => stake(ledger, roundId, s.userId, s.stakeId)));
      return {
        crashed: buyAll(dying),
        check: async (restarted) => {
          await expectWholeStakes(buyers, [roundId]);
          const held = await heldStakes(roundId);
          expect(await buyAll(restarted)).toEqual(
            tickets.map((s, i) => (i === 1 ? "insufficient_funds" : retried(held, s.stakeId))),
          );
          await expectWholeStakes(buyers, [roundId]);
          const round = await restarted.rounds.read(roundId);
          expect(round.stakes.items.map((s) => s.number).sort()).toEqual([1, 2, 3]);
          for (const userId of buyers)
            expect(await balancesIn(restarted.handler, userId)).toEqual({
              main: 0,
              bonus: 0,
            });
          await expectCleanLedger(0n);
        },
      };
    });
  });

  it("of a settlement pays every winner exactly once", async () => {
    await atEveryStep(async (dying) => {
      const players = [randomUUID(), randomUUID()];
      await funded(players, [1_00, 1_00]);
      const roundId = await openRound("lottery");
      for (const userId of players)
        expect(await stake(t.ledger, roundId, userId, randomUUID())).toBe("ok");
      const prizes = [
        { userId: players[0]!, amount: 5_00 },
        { userId: players[0]!, amount: 3_00 },
        { userId: players[1]!, amount: 1_00 },
      ];
      const settle = (ledger: Ledger) =>
        ledger.rounds.settle(roundId, [], prizes, system(stepId(roundId, "settle"))).then(
          () => "ok",
          (error: { code?: string }) => error.code ?? "killed",
        );
      return {
        crashed: settle(dying),
        check: async (restarted) => {
          // As the lottery's drawing resumes: settled unless it was.
          if ((await restarted.rounds.read(roundId)).status !== "settled")
            expect(await settle(restarted)).toBe("ok");
          await expectWholeStakes(players, [roundId]);
          expect(await balancesIn(restarted.handler, players[0]!)).toEqual({
            main: 8_00,
            bonus: 0,
          });
          expect(await balancesIn(restarted.handler, players[1]!)).toEqual({
            main: 1_00,
            bonus: 0,
          });
          await expectCleanLedger(0n);
        },
      };
    });
  });

  it("of a lottery's deletion refunds every ticket exactly once, going on where it stopped", async () => {
    await atEveryStep(async (dying) => {
      const buyers = [randomUUID(), randomUUID(), randomUUID()];
      await funded(buyers, [3_00, 3_00, 2_00]);
      const roundId = await openRound("lottery");
      for (const userId of [...buyers, ...buyers, buyers[0]!, buyers[1]!])
        expect(await stake(t.ledger, roundId, userId, randomUUID())).toBe("ok");
      const cancel = (ledger: Ledger) =>
        ledger.rounds.cancel(roundId, "lotteryDeleted", system(stepId(roundId, "cancel"))).then(
          () => "ok",
          (error: { code?: string }) => error.code ?? "killed",
        );
      return {
        crashed: cancel(dying),
        check: async (restarted) => {
          // As the lottery's deletion resumes: cancelled unless it was.
          if ((await restarted.rounds.read(roundId)).status !== "cancelled")
            expect(await cancel(restarted)).toBe("ok");
          const round = await t.store.readStream(roundStream(roundId));
          const refunds = round.flatMap((e) =>
            e.type === "StakesRefunded" || e.type === "RoundCancelled"
              ? (e.data.refunds as { id: string }[]).map((r) => r.id)
              : [],
          );
          expect(refunds).toHaveLength(8);
          expect(new Set(refunds).size).toBe(8);
          // 8 refunds, 3 per append: three appends, the last ending the round.
          const appends = new Set(
            round
              .filter((e) => e.type !== "StakeReceived" && e.type !== "RoundOpened")
              .map((e) => e.position.split(":")[0]),
          );
          expect(appends.size).toBe(3);
          expect(round.at(-1)!.type).toBe("RoundCancelled");
          await expectWholeStakes(buyers, [roundId]);
          for (const [i, userId] of buyers.entries())
            expect(await balancesIn(restarted.handler, userId)).toEqual({
              main: 0,
              bonus: [3_00, 3_00, 2_00][i],
            });
          await expectCleanLedger(0n);
        },
      };
    });
  });
});
