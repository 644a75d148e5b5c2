import { randomUUID } from "node:crypto";
import {
  agentStream,
  CommandHandler,
  Ledger,
  LedgerError,
  LedgerReplay,
  potAfterCut,
  type RoundState,
} from "@igp/ledger";
import { type Balances, splitStake, splitWithdrawal } from "@igp/shared";
import { balancesIn, createTestLedger, ctx, presented } from "@igp/test-support/ledger.ts";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * Model-based property test: random sequences of every money command (agent advances at random
 * rates, lottery tickets alone and in crowds, drawings, deletions refunded three tickets per
 * append, included), some batches run concurrently,
 * against the real PostgreSQL store. After every step the whole ledger is replayed incrementally
 * and must conserve money with nothing negative, the model must conserve money too, and the
 * money that entered, left and went to the house must be the model's; at the end of each sequence
 * every balance must equal the model's, both through the command handler and folded from
 * revision 0.
 */
const USERS = 3;
const AGENTS = 2;
const CUT_BPS = 1_000;

const amount = fc.integer({ min: 1, max: 50_000 });
const user = fc.nat(USERS - 1);
const agent = fc.nat(AGENTS - 1);
const round = fc.nat(5);
const lottery = fc.nat(3);
/** An agent's advance rate in basis points: often none, mostly small, sometimes anything. */
const advance = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 1_000 }),
  fc.integer({ min: 0, max: 10_000 }),
);
/** Far enough ahead that no ticket is late: sales end by closing the stakes. */
const OUT_DATE = "2999-01-01T00:00:00.000Z";

const stakeOp = fc.record({ op: fc.constant("stake" as const), user, round, amount });
// Money in and lottery sales weigh more: without them most tickets would find empty wallets.
const opArb = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("deposit" as const), user, amount }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant("bonus" as const), user, amount }), weight: 2 },
  fc.record({ op: fc.constant("charge" as const), agent, amount, advance }),
  fc.record({
    op: fc.constant("agentDeposit" as const),
    agent,
    user,
    amount,
    racers: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    op: fc.constant("withdraw" as const),
    user,
    amount,
    allowBonus: fc.boolean(),
    method: fc.constantFrom("bank" as const, "agent" as const),
    decision: fc.constantFrom("approve" as const, "disapprove" as const, "leave" as const),
    approvers: fc.integer({ min: 1, max: 2 }),
    agent,
    advance,
  }),
  fc.record({ op: fc.constant("open" as const) }),
  stakeOp,
  fc.record({ op: fc.constant("settle" as const), round, winner: fc.nat(10) }),
  fc.record({ op: fc.constant("cancel" as const), round }),
  fc.record({
    op: fc.constant("parallelStakes" as const),
    stakes: fc.array(stakeOp, { minLength: 2, maxLength: 5 }),
  }),
  {
    arbitrary: fc.record({
      op: fc.constant("lottery" as const),
      price: fc.integer({ min: 1, max: 2_000 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant("tickets" as const),
      user,
      lottery,
      count: fc.integer({ min: 1, max: 4 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant("ticketCrowd" as const),
      lottery,
      buyers: fc.array(user, { minLength: 2, maxLength: 6 }),
    }),
    weight: 2,
  },
  fc.record({ op: fc.constant("closeSales" as const), lottery }),
  fc.record({
    op: fc.constant("draw" as const),
    lottery,
    prizes: fc.array(fc.record({ winner: fc.nat(20), amount }), { maxLength: 3 }),
  }),
  fc.record({ op: fc.constant("deleteLottery" as const), lottery }),
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
/** Money in first, so that stakes and tickets meet funded wallets more often than not. */
const sequenceArb = fc
  .tuple(
    fc.array(
      fc.record({
        op: fc.constant("deposit" as const),
        user,
        amount: fc.integer({ min: 10_000, max: 100_000 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    fc.array(opArb, { minLength: 1, maxLength: 14 }),
  )
  .map(([funding, ops]): Op[] => [...funding, ...ops]);

interface ModelRound {
  id: string;
  status: "open" | "settled" | "cancelled";
  stakes: { user: number; amount: number; fromMain: number; fromBonus: number }[];
}

interface ModelLottery {
  id: string;
  price: number;
  status: "open" | "closed" | "drawn" | "deleted";
  tickets: { user: number; fromMain: number; fromBonus: number }[];
  /** Stakes the round received, returned ones included: the next ticket's number is this + 1. */
  received: number;
}

class Model {
  wallets: Balances[] = Array.from({ length: USERS }, () => ({ main: 0, bonus: 0 }));
  floats: number[] = Array.from({ length: AGENTS }, () => 0);
  rounds: ModelRound[] = [];
  lotteries: ModelLottery[] = [];
  house = 0;
  /** Withdrawals held and not decided yet. */
  held = 0;
  moneyIn = 0;
  moneyOut = 0;
  constructor(
    readonly userIds: string[],
    readonly agentIds: string[],
  ) {}
  roundAt(index: number) {
    return this.rounds.length === 0 ? undefined : this.rounds[index % this.rounds.length];
  }
  lotteryAt(index: number) {
    return this.lotteries.length === 0 ? undefined : this.lotteries[index % this.lotteries.length];
  }
  /** Every minor unit the model holds anywhere: it must be what entered less what left. */
  total() {
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const escrow = sum(
      this.rounds.filter((r) => r.status === "open").flatMap((r) => r.stakes.map((s) => s.amount)),
    );
    const tickets = sum(
      this.lotteries
        .filter((l) => l.status === "open" || l.status === "closed")
        .map((l) => l.price * l.tickets.length),
    );
    const wallets = sum(this.wallets.map((w) => w.main + w.bonus));
    return wallets + sum(this.floats) + this.house + this.held + escrow + tickets;
  }
}

/** The advance on `base` at `basisPoints`, rounded down to the minor unit. */
const advanceOn = (base: number, basisPoints: number) => Math.floor((base * basisPoints) / 10_000);

let t: Awaited<ReturnType<typeof createTestLedger>>;
let replay: LedgerReplay;
let replayedUpTo: string | undefined;
beforeAll(async () => {
  t = await createTestLedger();
  replay = new LedgerReplay();
});
afterAll(async () => {
  // The incremental replay and one from zero agree on everything.
  const fromZero = await t.replay();
  expect(fromZero.verdict()).toEqual([]);
  expect(fromZero.house).toEqual(replay.house);
  expect([...fromZero.streams.values()].map((s) => s.state)).toEqual(
    [...replay.streams.values()].map((s) => s.state),
  );
  await t.close();
});

const code = (e: unknown) => (e instanceof LedgerError ? e.code : `unexpected: ${String(e)}`);
const attempt = (p: Promise<unknown>) => p.then(() => null, code);

async function checkInvariantNow() {
  const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM ledger_events");
  // Global readers wait for older transactions anywhere on the server: read until all are seen.
  while (replay.events < rows[0].n) {
    const batch = await t.store.readAll({ after: replayedUpTo, maxCount: 1000 });
    if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    replay.applyAll(batch);
    replayedUpTo = batch.at(-1)?.position ?? replayedUpTo;
  }
  expect(replay.verdict()).toEqual([]);
  expect(replay.moneyInFlight).toBe(0n);
}

async function runOp(op: Op, m: Model, ledger: Ledger) {
  const u = "user" in op ? m.userIds[op.user]! : "";
  const superAdmin = ctx("superAdmin");
  switch (op.op) {
    case "deposit": {
      const depositId = randomUUID();
      await ledger.deposits.request(
        { depositId, userId: u, method: "bank", amount: op.amount, depositCode: "D" },
        ctx("user", u),
      );
      await ledger.deposits.approveBank(depositId, superAdmin);
      m.wallets[op.user]!.main += op.amount;
      m.moneyIn += op.amount;
      return;
    }
    case "bonus":
      await ledger.bonuses.grant(u, randomUUID(), op.amount, superAdmin);
      m.wallets[op.user]!.bonus += op.amount;
      m.moneyIn += op.amount;
      return;
    case "charge": {
      const chargeId = randomUUID();
      const agentId = m.agentIds[op.agent]!;
      await ledger.charges.request(
        {
          chargeId,
          agentId,
          amount: op.amount,
          bankName: "B",
          accountNumber: "1",
          transactionId: "t",
          advanceBasisPoints: op.advance,
        },
        ctx("admin", agentId),
      );
      await ledger.charges.approve(chargeId, superAdmin);
      // The house pays the agent's advance on the charge (subAdminCredit).
      const paid = advanceOn(op.amount, op.advance);
      m.floats[op.agent]! += op.amount + paid;
      m.house -= paid;
      m.moneyIn += op.amount;
      return;
    }
    case "agentDeposit":
      return agentDeposit(op, m, ledger);
    case "withdraw":
      return withdraw(op, m, ledger);
    case "open": {
      const id = randomUUID();
      await ledger.rounds.open(
        { roundId: id, game: "coin-flip", betAmount: 1, cutBasisPoints: CUT_BPS },
        ctx("user"),
      );
      m.rounds.push({ id, status: "open", stakes: [] });
      return;
    }
    case "stake":
      return stake(op, m, ledger);
    case "settle":
      return settle(op, m, ledger);
    case "cancel": {
      const r = m.roundAt(op.round);
      if (!r) return;
      const outcome = await attempt(ledger.rounds.cancel(r.id, "test", ctx("user")));
      if (r.status !== "open") return expect(outcome).toBe("not_pending");
      expect(outcome).toBeNull();
      for (const s of r.stakes) {
        m.wallets[s.user]!.main += s.fromMain;
        m.wallets[s.user]!.bonus += s.fromBonus;
      }
      r.status = "cancelled";
      return;
    }
    case "parallelStakes":
      return parallelStakes(op, m, ledger);
    case "lottery": {
      const id = randomUUID();
      await ledger.rounds.open(
        {
          roundId: id,
          game: "lottery",
          betAmount: op.price,
          cutBasisPoints: 10_000,
          stakesUntil: OUT_DATE,
          details: { places: 3 },
        },
        superAdmin,
      );
      m.lotteries.push({ id, price: op.price, status: "open", tickets: [], received: 0 });
      return;
    }
    case "tickets":
      for (let i = 0; i < op.count; i++) await ticket(op, m, ledger);
      return;
    case "ticketCrowd":
      return ticketCrowd(op, m, ledger);
    case "closeSales": {
      const l = m.lotteryAt(op.lottery);
      if (!l) return;
      const outcome = await attempt(ledger.rounds.closeStakes(l.id, ctx("system")));
      if (l.status === "drawn" || l.status === "deleted")
        return expect(outcome).toBe("not_pending");
      expect(outcome).toBeNull();
      l.status = "closed";
      return;
    }
    case "draw":
      return draw(op, m, ledger);
    case "deleteLottery":
      return deleteLottery(op, m, ledger);
  }
}

async function agentDeposit(op: Extract<Op, { op: "agentDeposit" }>, m: Model, ledger: Ledger) {
  const u = m.userIds[op.user]!;
  const agentId = m.agentIds[op.agent]!;
  const depositId = randomUUID();
  await ledger.deposits.request(
    { depositId, userId: u, method: "agent", amount: op.amount, depositCode: "AG1" },
    ctx("user", u),
  );
  // The same agent racing itself (double click, two tabs): money moves at most once.
  const outcomes = await Promise.all(
    Array.from({ length: op.racers }, () =>
      attempt(ledger.deposits.approveAgent(depositId, presented("AG1"), ctx("admin", agentId))),
    ),
  );
  if (m.floats[op.agent]! < op.amount) {
    expect(outcomes.every((o) => o === "insufficient_float")).toBe(true);
    return;
  }
  expect(outcomes.filter((o) => o === null)).toHaveLength(1);
  expect(
    outcomes
      .filter((o) => o !== null)
      .every((o) => o === "not_pending" || o === "insufficient_float"),
  ).toBe(true);
  m.floats[op.agent]! -= op.amount;
  m.wallets[op.user]!.main += op.amount;
}

async function withdraw(op: Extract<Op, { op: "withdraw" }>, m: Model, ledger: Ledger) {
  const u = m.userIds[op.user]!;
  const wallet = m.wallets[op.user]!;
  const withdrawalId = randomUUID();
  const outcome = await attempt(
    ledger.withdrawals.request(
      {
        withdrawalId,
        amount: op.amount,
        allowBonus: op.allowBonus,
        method: op.method,
        accountNumber: "9",
        withdrawCode: "W1",
      },
      ctx("user", u),
    ),
  );
  const split = splitWithdrawal(wallet, op.amount, op.allowBonus);
  if (!split) return expect(outcome).toBe("insufficient_funds");
  expect(outcome).toBeNull();
  wallet.main -= split.fromMain;
  wallet.bonus -= split.fromBonus;
  m.held += op.amount;
  if (op.decision === "leave") return;
  const agentId = m.agentIds[op.agent]!;
  const approver = op.method === "agent" ? ctx("admin", agentId) : ctx("superAdmin");
  const decisions = await Promise.all(
    Array.from({ length: op.approvers }, () =>
      attempt(
        op.decision === "approve"
          ? ledger.withdrawals.approve(
              withdrawalId,
              op.method === "agent"
                ? { withdrawCode: presented("W1") }
                : { paymentReference: "FT1W" },
              approver,
              // As the routes do: only an agent's payout earns an advance (subAdminWithdraw).
              op.method === "agent" ? op.advance : 0,
            )
          : ledger.withdrawals.disapprove(withdrawalId, approver),
      ),
    ),
  );
  expect(decisions.filter((d) => d === null)).toHaveLength(1);
  expect(decisions.filter((d) => d !== null).every((d) => d === "not_pending")).toBe(true);
  m.held -= op.amount;
  if (op.decision === "disapprove") {
    wallet.main += split.fromMain;
    wallet.bonus += split.fromBonus;
    return;
  }
  m.house += split.fee;
  if (op.method === "bank") {
    m.moneyOut += split.payout;
    return;
  }
  const paid = advanceOn(split.payout, op.advance);
  m.floats[op.agent]! += split.payout + paid;
  m.house -= paid;
}

async function stake(op: Extract<Op, { op: "stake" }>, m: Model, ledger: Ledger) {
  const r = m.roundAt(op.round);
  if (!r) return;
  const u = m.userIds[op.user]!;
  const outcome = await attempt(
    ledger.rounds.placeStake(
      { userId: u, roundId: r.id, stakeId: randomUUID(), amount: op.amount },
      ctx("user", u),
    ),
  );
  const split = splitStake(m.wallets[op.user]!, op.amount);
  if (!split) return expect(outcome).toBe("insufficient_funds");
  if (r.status !== "open") return expect(outcome).toBe("not_pending"); // debited, then returned
  expect(outcome).toBeNull();
  m.wallets[op.user]!.main -= split.fromMain;
  m.wallets[op.user]!.bonus -= split.fromBonus;
  r.stakes.push({ user: op.user, amount: op.amount, ...split });
}

async function settle(op: Extract<Op, { op: "settle" }>, m: Model, ledger: Ledger) {
  const r = m.roundAt(op.round);
  if (!r) return;
  const pot = r.stakes.reduce((sum, s) => sum + s.amount, 0);
  const winner = r.stakes.length > 0 ? r.stakes[op.winner % r.stakes.length]!.user : null;
  const payout = winner === null ? 0 : potAfterCut(pot, CUT_BPS);
  const payouts = winner === null ? [] : [{ userId: m.userIds[winner]!, amount: payout }];
  const outcome = await attempt(ledger.rounds.settle(r.id, payouts, [], ctx("user")));
  if (r.status !== "open") return expect(outcome).toBe("not_pending");
  expect(outcome).toBeNull();
  if (winner !== null) m.wallets[winner]!.main += payout;
  m.house += pot - payout;
  r.status = "settled";
}

/** Stakes racing on shared wallets: any serial order is fine, but never an overdraft. */
async function parallelStakes(op: Extract<Op, { op: "parallelStakes" }>, m: Model, ledger: Ledger) {
  const stakes = op.stakes
    .map((s) => ({ ...s, r: m.roundAt(s.round) }))
    .filter((s) => s.r?.status === "open");
  const outcomes = await Promise.all(
    stakes.map((s) =>
      attempt(
        ledger.rounds.placeStake(
          { userId: m.userIds[s.user]!, roundId: s.r!.id, stakeId: randomUUID(), amount: s.amount },
          ctx("user"),
        ),
      ),
    ),
  );
  for (let userIndex = 0; userIndex < USERS; userIndex++) {
    const wallet = m.wallets[userIndex]!;
    const mine = stakes
      .map((s, i) => ({ ...s, outcome: outcomes[i] }))
      .filter((s) => s.user === userIndex);
    const won = mine.filter((s) => s.outcome === null);
    const total = won.reduce((sum, s) => sum + s.amount, 0);
    const available = wallet.main + wallet.bonus;
    expect(total).toBeLessThanOrEqual(available);
    for (const lost of mine.filter((s) => s.outcome !== null)) {
      expect(lost.outcome).toBe("insufficient_funds");
      expect(lost.amount).toBeGreaterThan(available - total);
    }
    // Bonus first, whatever the order: only the total decides where the money came from.
    const split = splitStake(wallet, total)!;
    wallet.main -= split.fromMain;
    wallet.bonus -= split.fromBonus;
    for (const s of won)
      s.r!.stakes.push({ user: userIndex, amount: s.amount, fromMain: 0, fromBonus: 0 });
  }
  // Refund splits of racing stakes are order-dependent: read them back from the ledger.
  for (const r of new Set(stakes.map((s) => s.r!))) {
    const state = await ledger.handler.load<RoundState>(`round-${r.id}`);
    r.stakes = state.stakes.items.map((s) => ({
      user: m.userIds.indexOf(s.userId),
      amount: s.amount,
      fromMain: s.fromMain,
      fromBonus: s.fromBonus,
    }));
  }
}

/** A ticket: the price from the wallet (bonus first), numbered by the round, or back at once. */
async function ticket(op: Extract<Op, { op: "tickets" }>, m: Model, ledger: Ledger) {
  const l = m.lotteryAt(op.lottery);
  if (!l) return;
  const u = m.userIds[op.user]!;
  const outcome = await ledger.rounds
    .placeStake(
      {
        userId: u,
        roundId: l.id,
        stakeId: randomUUID(),
        amount: l.price,
        selection: { clientSeed: `seed-${l.received}` },
      },
      ctx("user", u),
    )
    .then(({ number, wallet: { main, bonus } }) => ({ number, wallet: { main, bonus } }), code);
  const split = splitStake(m.wallets[op.user]!, l.price);
  if (!split) return expect(outcome).toBe("insufficient_funds");
  l.received++; // received, even when it goes straight back
  if (l.status !== "open") return expect(outcome).toBe("not_pending");
  m.wallets[op.user]!.main -= split.fromMain;
  m.wallets[op.user]!.bonus -= split.fromBonus;
  expect(outcome).toEqual({ number: l.received, wallet: m.wallets[op.user] });
  l.tickets.push({ user: op.user, ...split });
}

/**
 * Tickets of several buyers at once (a buyer may be there twice): one append for the crowd,
 * each wallet paying in turn; a buyer short of the price is refused alone, the others numbered
 * after the tickets before them, each number once.
 */
async function ticketCrowd(op: Extract<Op, { op: "ticketCrowd" }>, m: Model, ledger: Ledger) {
  const l = m.lotteryAt(op.lottery);
  if (!l) return;
  const outcomes = await Promise.all(
    op.buyers.map((buyer) => {
      const userId = m.userIds[buyer]!;
      const stakeId = randomUUID();
      return ledger.rounds
        .placeStake(
          { userId, roundId: l.id, stakeId, amount: l.price, selection: { clientSeed: stakeId } },
          { ...ctx("user", userId), commandId: stakeId },
        )
        .then(({ number }) => number, code);
    }),
  );
  const numbers: number[] = [];
  for (let buyer = 0; buyer < USERS; buyer++) {
    const mine = outcomes.filter((_, i) => op.buyers[i] === buyer);
    const wallet = m.wallets[buyer]!;
    const affordable = Math.min(mine.length, Math.floor((wallet.main + wallet.bonus) / l.price));
    expect(mine.filter((o) => o === "insufficient_funds")).toHaveLength(mine.length - affordable);
    l.received += affordable; // received, even when they go straight back
    if (l.status !== "open") {
      expect(mine.filter((o) => o === "not_pending")).toHaveLength(affordable);
      continue;
    }
    numbers.push(...(mine.filter((o) => typeof o === "number") as number[]));
    // Bonus first, whatever the order: only the total decides where the money came from.
    const split = splitStake(wallet, affordable * l.price)!;
    wallet.main -= split.fromMain;
    wallet.bonus -= split.fromBonus;
  }
  if (l.status !== "open") return;
  const before = l.received - numbers.length;
  expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => before + i + 1));
  // Each ticket's own split depends on the order the crowd was decided in: read it back.
  const state = await ledger.rounds.read(l.id);
  l.tickets = state.stakes.items.map((s) => ({
    user: m.userIds.indexOf(s.userId),
    fromMain: s.fromMain,
    fromBonus: s.fromBonus,
  }));
}

/** As the lottery's drawing does: close the sales, then settle with prizes the house pays. */
async function draw(op: Extract<Op, { op: "draw" }>, m: Model, ledger: Ledger) {
  const l = m.lotteryAt(op.lottery);
  if (!l) return;
  const winners = l.tickets.length === 0 ? [] : op.prizes;
  const prizes = winners.map((p) => ({
    user: l.tickets[p.winner % l.tickets.length]!.user,
    amount: p.amount,
  }));
  const outcome = await attempt(
    (async () => {
      await ledger.rounds.closeStakes(l.id, ctx("system"));
      await ledger.rounds.settle(
        l.id,
        [],
        prizes.map((p) => ({ userId: m.userIds[p.user]!, amount: p.amount })),
        ctx("system"),
      );
    })(),
  );
  if (l.status === "drawn" || l.status === "deleted") return expect(outcome).toBe("not_pending");
  expect(outcome).toBeNull();
  // The house keeps every ticket (cut 10,000 bp) and pays the prizes, even beyond the sales.
  m.house += l.price * l.tickets.length;
  for (const p of prizes) {
    m.wallets[p.user]!.main += p.amount;
    m.house -= p.amount;
  }
  l.status = "drawn";
}

/** A lottery deleted before its drawing refunds every ticket the way it was paid. */
async function deleteLottery(op: Extract<Op, { op: "deleteLottery" }>, m: Model, ledger: Ledger) {
  const l = m.lotteryAt(op.lottery);
  if (!l) return;
  const outcome = await attempt(ledger.rounds.cancel(l.id, "lotteryDeleted", ctx("system")));
  if (l.status === "drawn" || l.status === "deleted") return expect(outcome).toBe("not_pending");
  expect(outcome).toBeNull();
  for (const t of l.tickets) {
    m.wallets[t.user]!.main += t.fromMain;
    m.wallets[t.user]!.bonus += t.fromBonus;
  }
  l.status = "deleted";
}

/** The model conserves money, and the ledger moved as much in, out and to the house as it did. */
function expectFlowsMatch(m: Model, before: { in: bigint; out: bigint; house: number }) {
  expect(m.total()).toBe(m.moneyIn - m.moneyOut);
  expect(replay.moneyIn - before.in).toBe(BigInt(m.moneyIn));
  expect(replay.moneyOut - before.out).toBe(BigInt(m.moneyOut));
  expect(replay.house.balance - before.house).toBe(m.house);
}

async function expectModelMatches(m: Model) {
  const fresh = new CommandHandler(t.store); // no cache: folds every stream from revision 0
  for (const [i, userId] of m.userIds.entries()) {
    expect(await balancesIn(t.ledger.handler, userId)).toEqual(m.wallets[i]);
    expect(await balancesIn(fresh, userId)).toEqual(m.wallets[i]);
  }
  for (const [i, agentId] of m.agentIds.entries()) {
    expect(await fresh.load(agentStream(agentId))).toEqual({ float: m.floats[i] });
  }
}

it("conserves money and matches the model for random command sequences", async () => {
  await fc.assert(
    fc.asyncProperty(sequenceArb, async (ops) => {
      const m = new Model(
        Array.from({ length: USERS }, () => randomUUID()),
        Array.from({ length: AGENTS }, () => randomUUID()),
      );
      const before = { in: replay.moneyIn, out: replay.moneyOut, house: replay.house.balance };
      // Refunds three per append, so that a deletion mostly takes several.
      const ledger = new Ledger(t.ledger.handler, { refundsPerAppend: 3 });
      for (const op of ops) {
        await runOp(op, m, ledger);
        await checkInvariantNow();
        expectFlowsMatch(m, before);
      }
      await expectModelMatches(m);
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) },
  );
}, 600_000);
