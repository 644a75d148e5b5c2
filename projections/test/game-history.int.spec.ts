import { randomUUID } from "node:crypto";
import { type Ledger, LedgerError, potAfterCut } from "@igp/ledger";
import {
  auditLedger,
  loadCheckpoint,
  ProjectionRunner,
  rebuildProjections,
} from "@igp/projections";
import { commitmentOf, drawLottery } from "@igp/shared";
import {
  approvedBankDeposit,
  createTestLedger,
  ctx,
  readEverything,
} from "@igp/test-support/ledger.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The game history projection over real rounds written through the ledger: a coin flip with a
 * stake returned for a seat taken, a spin wheel settled in several payout chunks, a lottery
 * cancelled in refund chunks with a ticket returned after the sales closed, a drawn lottery with
 * a money prize and an award, and a round still open.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
const [alice, bob, carol] = [randomUUID(), randomUUID(), randomUUID()];
const rounds = {
  flip: randomUUID(),
  plain: randomUUID(),
  spin: randomUUID(),
  deleted: randomUUID(),
  drawn: randomUUID(),
  open: randomUUID(),
};

async function open(
  roundId: string,
  game: string,
  betAmount: number,
  details: Record<string, string>,
) {
  await t.ledger.rounds.open(
    { roundId, game: game as "coin-flip", betAmount, cutBasisPoints: 1_000, details },
    ctx("user"),
  );
}

const stake = (ledger: Ledger, roundId: string, userId: string, amount: number, selection = {}) =>
  ledger.rounds.placeStake(
    { userId, roundId, stakeId: randomUUID(), amount, selection },
    ctx("user", userId),
  );

/** A stake the round gives straight back (the ledger says so with an error). */
async function returnedStake(...args: Parameters<typeof stake>) {
  await expect(stake(...args)).rejects.toBeInstanceOf(LedgerError);
}

let lotteryWinners: { place: number; ticket: number; userId: string; amount: number | null }[];

beforeAll(async () => {
  t = await createTestLedger();
  for (const player of [alice, bob, carol]) await approvedBankDeposit(t.ledger, player, 100_000);

  await open(rounds.flip, "coin-flip", 5_000, { code: "FLIPCODE" });
  await stake(t.ledger, rounds.flip, alice, 5_000, { side: "H", seats: ["H"] });
  await returnedStake(t.ledger, rounds.flip, bob, 5_000, { side: "H", seats: ["H"] });
  await stake(t.ledger, rounds.flip, bob, 5_000, { side: "T", seats: ["T"] });
  await t.ledger.rounds.settle(
    rounds.flip,
    [{ userId: alice, amount: potAfterCut(10_000, 1_000) }],
    [],
    ctx("system"),
  );

  // Nothing between its opening and its settling writes at once: a rebuild's batch folds it.
  await open(rounds.plain, "coin-flip", 2_000, { code: "PLAINCODE" });
  await stake(t.ledger, rounds.plain, alice, 2_000, { side: "H", seats: ["H"] });
  await stake(t.ledger, rounds.plain, bob, 2_000, { side: "T", seats: ["T"] });
  await t.ledger.rounds.settle(
    rounds.plain,
    [{ userId: bob, amount: potAfterCut(4_000, 1_000) }],
    [],
    ctx("system"),
  );

  await open(rounds.spin, "spin-wheel", 1_000, { code: "SPINCODE" });
  const numbers = (...held: number[]) => ({ numbers: held, seats: held.map(String) });
  await stake(t.ledger, rounds.spin, alice, 2_000, numbers(1, 2));
  await stake(t.ledger, rounds.spin, bob, 1_000, numbers(3));
  await returnedStake(t.ledger, rounds.spin, alice, 2_000, numbers(3, 4));
  await stake(t.ledger, rounds.spin, carol, 3_000, numbers(4, 5, 6));
  // 600 payouts of 10 santim: three events (two RoundPaid chunks, then RoundSettled).
  const payouts = Array.from({ length: 600 }, (_, i) => ({
    userId: i < 400 ? carol : alice,
    amount: 10,
  }));
  await t.ledger.rounds.settle(rounds.spin, payouts, [], ctx("system"));

  // 260 tickets: the cancellation refunds them in two events (StakesRefunded, RoundCancelled).
  await open(rounds.deleted, "lottery", 100, { code: "LOTTERY1" });
  for (let i = 0; i < 260; i++)
    await stake(t.ledger, rounds.deleted, i % 2 === 0 ? alice : bob, 100);
  await t.ledger.rounds.closeStakes(rounds.deleted, ctx("system"));
  await returnedStake(t.ledger, rounds.deleted, carol, 100);
  await t.ledger.rounds.cancel(rounds.deleted, "lotteryDeleted", ctx("system"));

  // A real drawing (the audit re-runs it): first place wins money, second an award.
  const serverSeed = "the-server-seed";
  await open(rounds.drawn, "lottery", 500, {
    code: "LOTTERY2",
    commitment: await commitmentOf(serverSeed),
  });
  const holders = [alice, bob, alice];
  for (const [i, player] of holders.entries())
    await stake(t.ledger, rounds.drawn, player, 500, { clientSeed: `seed${i + 1}` });
  const tickets = holders.map((_, i) => ({ number: i + 1, clientSeed: `seed${i + 1}` }));
  const drawn = await drawLottery(serverSeed, rounds.drawn, tickets, 2);
  lotteryWinners = drawn.map((ticket, i) => ({
    place: i + 1,
    ticket,
    userId: holders[ticket - 1]!,
    amount: i === 0 ? 20_000 : null,
  }));
  await t.ledger.rounds.settle(
    rounds.drawn,
    [],
    [{ userId: lotteryWinners[0]!.userId, amount: 20_000 }],
    ctx("system"),
    { serverSeed, places: 2, winners: lotteryWinners },
  );

  await open(rounds.open, "coin-flip", 3_000, { code: "OPENCODE" });
  await stake(t.ledger, rounds.open, carol, 3_000, { side: "T", seats: ["T"] });

  await projectEverything();
}, 120_000);
afterAll(() => t.close());

/** Runs the projections (in batches of 7, so related events fall in different batches) to the head. */
async function projectEverything() {
  const head = (await readEverything(t.store, t.pool)).at(-1)!.position;
  const runner = new ProjectionRunner(t.store, t.pool, { batchSize: 7 });
  await vi.waitFor(
    async () => {
      await runner.catchUp();
      expect(await loadCheckpoint(t.pool)).toBe(head);
    },
    { timeout: 60_000 },
  );
}

type Pick = string | number;
/** Picks in value order (jsonb keeps an object's keys in its own order). */
const byValue = (a: Pick, b: Pick) => String(a).localeCompare(String(b), "en", { numeric: true });

async function historyOf(roundId: string) {
  const { rows } = await t.pool.query(
    `SELECT user_id, game, code, stake::int, picks, payout::int, refunded::int, outcome, places,
            settled_at IS NOT NULL AS settled
       FROM player_game_history WHERE round_id = $1 ORDER BY user_id`,
    [roundId],
  );
  return new Map(
    rows.map(({ user_id, picks, ...row }) => [
      user_id as string,
      {
        ...row,
        picks: Object.values(picks as Record<string, Pick[]>)
          .flat()
          .sort(byValue),
      },
    ]),
  );
}

async function dump() {
  return (
    await t.pool.query("SELECT * FROM player_game_history ORDER BY round_id, user_id")
  ).rows.concat((await t.pool.query("SELECT * FROM game_history_rounds ORDER BY round_id")).rows);
}

describe("the game history projection", () => {
  it("has a row per player of a coin flip; the stake returned for a taken side is not one", async () => {
    const rows = await historyOf(rounds.flip);
    expect(rows.get(alice)).toEqual({
      game: "coin-flip",
      code: "FLIPCODE",
      stake: 5_000,
      picks: ["H"],
      payout: 9_000,
      refunded: 0,
      outcome: "won",
      places: [],
      settled: true,
    });
    expect(rows.get(bob)).toMatchObject({ stake: 5_000, picks: ["T"], payout: 0, outcome: "lost" });
  });

  it("counts every payout chunk of a settlement; a returned stake leaves the player's own picks", async () => {
    const kinds = (await readEverything(t.store, t.pool))
      .filter((e) => e.streamId === `round-${rounds.spin}`)
      .map((e) => e.type);
    expect(kinds.slice(-3)).toEqual(["RoundPaid", "RoundPaid", "RoundSettled"]);
    const rows = await historyOf(rounds.spin);
    expect(rows.get(alice)).toMatchObject({ stake: 2_000, payout: 2_000, outcome: "won" });
    expect(rows.get(alice)!.picks).toEqual([1, 2]);
    expect(rows.get(bob)).toMatchObject({ stake: 1_000, picks: [3], payout: 0, outcome: "lost" });
    expect(rows.get(carol)).toMatchObject({ stake: 3_000, payout: 4_000, outcome: "won" });
  });

  it("counts every refund chunk of a cancellation; a ticket returned after the sales closed is no game", async () => {
    const kinds = (await readEverything(t.store, t.pool))
      .filter((e) => e.streamId === `round-${rounds.deleted}`)
      .map((e) => e.type);
    expect(kinds.slice(-2)).toEqual(["StakesRefunded", "RoundCancelled"]);
    const rows = await historyOf(rounds.deleted);
    expect([...rows.keys()].sort()).toEqual([alice, bob].sort());
    for (const player of [alice, bob])
      expect(rows.get(player)).toMatchObject({
        game: "lottery",
        stake: 13_000,
        refunded: 13_000,
        payout: 0,
        outcome: "refunded",
        settled: true,
      });
    expect(rows.get(alice)!.picks).toEqual(Array.from({ length: 130 }, (_, i) => 2 * i + 1));
  });

  it("gives a lottery player its tickets, its money prizes and the places it won", async () => {
    const rows = await historyOf(rounds.drawn);
    expect(rows.get(alice)).toMatchObject({ stake: 1_000, picks: [1, 3] });
    expect(rows.get(bob)).toMatchObject({ stake: 500, picks: [2] });
    const [first, second] = lotteryWinners;
    expect(rows.get(first!.userId)).toMatchObject({ payout: 20_000, outcome: "won" });
    // An award (no money) is a win too; a player without a place lost.
    expect(rows.get(second!.userId)).toMatchObject({ outcome: "won" });
    for (const player of [alice, bob]) {
      const places = lotteryWinners.filter((w) => w.userId === player).map((w) => w.place);
      expect(rows.get(player)).toMatchObject({
        places,
        payout: player === first!.userId ? 20_000 : 0,
        outcome: places.length > 0 ? "won" : "lost",
      });
    }
  });

  it("shows a round still waiting as open", async () => {
    expect((await historyOf(rounds.open)).get(carol)).toMatchObject({
      stake: 3_000,
      picks: ["T"],
      outcome: "open",
      settled: false,
    });
  });

  it("passes the audit, which folds the same history from the events on its own", async () => {
    expect((await auditLedger(t.store, t.pool)).problems).toEqual([]);
    await t.pool.query(
      "UPDATE player_game_history SET payout = payout + 1 WHERE round_id = $1 AND user_id = $2",
      [rounds.spin, carol],
    );
    expect((await auditLedger(t.store, t.pool)).problems).toEqual([
      expect.stringMatching(new RegExp(`^game history ${rounds.spin} ${carol}: projection`)),
    ]);
    await t.pool.query(
      "UPDATE player_game_history SET payout = payout - 1 WHERE round_id = $1 AND user_id = $2",
      [rounds.spin, carol],
    );
  });

  it("is rebuilt from zero into exactly the rows the live runner made", async () => {
    const live = await dump();
    await t.pool.query("DELETE FROM player_game_history WHERE round_id = $1", [rounds.flip]);
    await t.pool.query("UPDATE player_game_history SET outcome = 'open'");
    await rebuildProjections(t.store, t.pool, { batchSize: 5 });
    expect(await dump()).toEqual(live);
    // In one batch, a round opened and settled in it writes its rows once, already settled.
    await rebuildProjections(t.store, t.pool, { batchSize: 10_000 });
    expect(await dump()).toEqual(live);
    expect((await historyOf(rounds.plain)).get(bob)).toMatchObject({ outcome: "won" });
    expect((await historyOf(rounds.plain)).get(alice)).toMatchObject({ outcome: "lost" });
  });
});
