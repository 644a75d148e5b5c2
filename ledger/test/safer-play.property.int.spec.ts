import { randomUUID } from "node:crypto";
import { type Ledger, LedgerError, walletStream } from "@igp/ledger";
import { LIMIT_RAISE_DELAY_MS, windowKeys } from "@igp/shared";
import { createTestLedger, ctx } from "@igp/test-support/ledger.ts";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * Random sequences of limit changes, stakes (coin-flip rounds and a lottery's crowds, sent at
 * once from two processes), payouts, deposit requests and time passing, against the real
 * PostgreSQL store. Afterwards the wallet's stream is read back and every stake and deposit it
 * holds is checked against limits recomputed here, with the real times of every movement (a
 * payout counts when it was credited): no accepted stake or deposit passes a limit in force.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
let other: Awaited<ReturnType<Awaited<ReturnType<typeof createTestLedger>>["otherProcess"]>>;
beforeAll(async () => {
  t = await createTestLedger();
  other = await t.otherProcess();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const KINDS = ["lossDay", "lossWeek", "stakePerRound", "depositDay", "depositMonth"] as const;
type Kind = (typeof KINDS)[number];

const money = fc.integer({ min: 1_00, max: 60_00 });
const opArb = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("limit" as const),
      kind: fc.constantFrom(...KINDS),
      amount: fc.option(fc.integer({ min: 1_00, max: 150_00 }), { nil: null }),
      tabs: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("stakes" as const),
      amounts: fc.array(money, { minLength: 1, maxLength: 6 }),
      lottery: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("payout" as const),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("deposits" as const),
      amounts: fc.array(money, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("advance" as const),
      minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
    }),
  },
);

it("no accepted stake or deposit passes a limit in force, whatever runs at once", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
      const userId = randomUUID();
      let now = Date.parse("2026-05-04T06:00:00.000Z");
      const at = () => new Date(now).toISOString();
      const c = (role: "user" | "system" | "superAdmin") => ({ ...ctx(role, userId), at: at() });
      await t.ledger.bonuses.grant(userId, randomUUID(), 10_000_000, c("superAdmin"));
      const lotteryId = randomUUID();
      await t.ledger.rounds.open(
        {
          roundId: lotteryId,
          game: "lottery",
          betAmount: 1,
          cutBasisPoints: 10_000,
          stakesUntil: "2999-01-01T00:00:00.000Z",
        },
        c("system"),
      );
      let open: { roundId: string; pot: number } | null = null;
      for (const op of ops) {
        if (op.op === "advance") now += op.minutes * 60_000;
        if (op.op === "limit") {
          await Promise.all(
            Array.from({ length: op.tabs }, (_, i) =>
              (i === 0 ? t.ledger : other.ledger).saferPlay.setLimit(
                userId,
                op.kind,
                i === 0 ? op.amount : op.amount === null ? 2_00 : op.amount * 2,
                c("user"),
              ),
            ),
          );
        }
        if (op.op === "stakes") {
          let roundId: string = lotteryId;
          if (!op.lottery) {
            open ??= { roundId: randomUUID(), pot: 0 };
            roundId = open.roundId;
            await t.ledger.rounds
              .open({ roundId, game: "coin-flip", betAmount: 1, cutBasisPoints: 0 }, c("system"))
              .catch(() => undefined); // opened by an earlier step
          }
          const results = await Promise.all(
            op.amounts.map((amount, i) =>
              stake(i % 2 === 0 ? t.ledger : other.ledger, userId, roundId, amount, c("user")),
            ),
          );
          if (!op.lottery && open)
            open.pot += results.reduce((s, r, i) => s + (r ? op.amounts[i]! : 0), 0);
        }
        if (op.op === "payout" && open) {
          const amount = Math.floor(open.pot * op.share);
          await t.ledger.rounds.settle(
            open.roundId,
            amount > 0 ? [{ userId, amount }] : [],
            [],
            c("system"),
          );
          open = null;
        }
        if (op.op === "deposits") {
          await Promise.all(
            op.amounts.map((amount, i) =>
              (i % 2 === 0 ? t.ledger : other.ledger).deposits
                .request(
                  {
                    depositId: randomUUID(),
                    userId,
                    method: "agent",
                    amount,
                    depositCode: `D${randomUUID().slice(0, 6)}`,
                  },
                  c("user"),
                )
                .catch(expectRestricted),
            ),
          );
        }
      }
      checkStream(await t.store.readStream(walletStream(userId)));
    }),
    { numRuns: 12 },
  );
  expect((await t.replay()).problems).toEqual([]);
}, 240_000);

function expectRestricted(error: unknown) {
  if (!(error instanceof LedgerError) || error.code !== "restricted") throw error;
}

async function stake(
  ledger: Ledger,
  userId: string,
  roundId: string,
  amount: number,
  c: ReturnType<typeof ctx>,
) {
  const stakeId = randomUUID();
  try {
    await ledger.rounds.placeStake(
      { userId, roundId, stakeId, amount, selection: { clientSeed: stakeId } },
      { ...c, commandId: stakeId },
    );
    return true;
  } catch (error) {
    expectRestricted(error);
    return false;
  }
}

type Recorded = Awaited<ReturnType<typeof t.store.readStream>>[number];

/** The limits' rule, written again: lower at once, raise or remove after the wait, the latest change wins. */
function checkStream(events: Recorded[]) {
  const limits = new Map<
    Kind,
    { amount: number | null; next?: { amount: number | null; from: number } }
  >();
  const inForce = (kind: Kind, time: number) => {
    const entry = limits.get(kind);
    if (!entry) return null;
    return entry.next && entry.next.from <= time ? entry.next.amount : entry.amount;
  };
  const moves: { time: number; staked: number; returned: number; deposited: number }[] = [];
  const inWindow = (window: "day" | "week" | "month", time: number) => {
    const key = windowKeys(time)[window];
    const sum = { staked: 0, returned: 0, deposited: 0 };
    for (const m of moves)
      if (windowKeys(m.time)[window] === key) {
        sum.staked += m.staked;
        sum.returned += m.returned;
        sum.deposited += m.deposited;
      }
    return sum;
  };
  let checked = 0;
  for (const { type, data, metadata } of events as (Recorded & { data: any; metadata: any })[]) {
    if (type === "PlayLimitSet") {
      const time = Date.parse(data.at);
      const current = inForce(data.limit, time);
      const lowers = data.amount !== null && (current === null || data.amount <= current);
      expect(Date.parse(data.appliesAt)).toBe(lowers ? time : time + LIMIT_RAISE_DELAY_MS);
      limits.set(
        data.limit,
        lowers
          ? { amount: data.amount }
          : { amount: current, next: { amount: data.amount, from: time + LIMIT_RAISE_DELAY_MS } },
      );
    }
    if (type === "StakePlaced") {
      const time = Date.parse(data.at);
      const amount = data.transfer.amount;
      const perRound = inForce("stakePerRound", time);
      if (perRound !== null) expect(amount).toBeLessThanOrEqual(perRound);
      for (const [kind, window] of [
        ["lossDay", "day"],
        ["lossWeek", "week"],
      ] as const) {
        const limit = inForce(kind, time);
        const sum = inWindow(window, time);
        if (limit !== null) expect(sum.staked - sum.returned + amount).toBeLessThanOrEqual(limit);
      }
      moves.push({ time, staked: amount, returned: 0, deposited: 0 });
      checked++;
    }
    if (type === "DepositCounted") {
      const time = Date.parse(data.at);
      for (const [kind, window] of [
        ["depositDay", "day"],
        ["depositMonth", "month"],
      ] as const) {
        const limit = inForce(kind, time);
        if (limit !== null)
          expect(inWindow(window, time).deposited + data.amount).toBeLessThanOrEqual(limit);
      }
      moves.push({ time, staked: 0, returned: 0, deposited: data.amount });
      checked++;
    }
    if (
      type === "WalletCredited" &&
      ["payout", "stakeReturned", "stakeRefund", "prize"].includes(data.reason)
    )
      moves.push({
        time: Date.parse(metadata.occurredAt),
        staked: 0,
        returned: data.amount,
        deposited: 0,
      });
  }
  return checked;
}
