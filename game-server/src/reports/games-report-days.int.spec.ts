import { randomUUID } from "node:crypto";
import { potAfterCut } from "@igp/ledger";
import {
  loadCheckpoint,
  ProjectionRunner,
  rebuildProjections,
  rebuildReportDays,
  summaryDifferences,
} from "@igp/projections";
import { approvedBankDeposit, createTestLedger, readEverything } from "@igp/test-support/ledger.ts";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gamesDetailQuery, gamesReportQuery, readGamesReport } from "./games-report.ts";
import { inSnapshot } from "./report-snapshot.ts";

/**
 * The games report's daily summaries against the rounds they add up: random rounds (tables,
 * private rounds, settled or cancelled, one to three players) closing at random instants around
 * local midnights, through the real ledger and projection runner; the report from the summaries
 * must equal the one from every round, in any range and after a zone change.
 */
let t: Awaited<ReturnType<typeof createTestLedger>>;
let runner: ProjectionRunner;
const players = Array.from({ length: 5 }, () => randomUUID());
/** Rounds close over ten days from here, at any minute: local midnights fall among them. */
const START = Date.parse("2026-03-01T00:00:00Z");
const day = (offset: number) => new Date(START + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestLedger();
  runner = new ProjectionRunner(t.store, t.pool, { batchSize: 4 });
  await runner.start();
  for (const userId of players) await approvedBankDeposit(t.ledger, userId, 10_000_000);
  // Tables 1 to 3, named in the report by their bet.
  await t.pool.query(
    `INSERT INTO users (id, full_name, email, role, status)
     VALUES ('00000000-0000-4000-8000-000000000001', 'Root', 'root@example.com', 'superAdmin', 'active')`,
  );
  await t.pool.query(
    `INSERT INTO instant_games (id, type, bet_amount, created_by)
     SELECT g, 'coin-flip', g * 1000, '00000000-0000-4000-8000-000000000001' FROM generate_series(1, 3) g`,
  );
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const at = (minute: number) => ({
  actor: { userId: randomUUID(), role: "user" as const },
  at: new Date(START + minute * 60_000).toISOString(),
});

const roundArbitrary = fc.record({
  game: fc.constantFrom("coin-flip", "spin-wheel"),
  table: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  seats: fc.uniqueArray(fc.integer({ min: 0, max: players.length - 1 }), {
    minLength: 1,
    maxLength: 3,
  }),
  bet: fc.integer({ min: 1, max: 50 }).map((etb) => etb * 100),
  cancelled: fc.boolean(),
  closesAt: fc.integer({ min: 0, max: 10 * 24 * 60 - 1 }),
});

type Round = typeof roundArbitrary extends fc.Arbitrary<infer R> ? R : never;

async function play(round: Round) {
  const roundId = randomUUID();
  const details: Record<string, number> = round.table === null ? {} : { instantId: round.table };
  await t.ledger.rounds.open(
    { roundId, game: round.game, betAmount: round.bet, cutBasisPoints: 1_000, details },
    at(round.closesAt - 1),
  );
  for (const seat of round.seats)
    await t.ledger.rounds.placeStake(
      { userId: players[seat]!, roundId, stakeId: randomUUID(), amount: round.bet },
      at(round.closesAt - 1),
    );
  if (round.cancelled) await t.ledger.rounds.cancel(roundId, "noPlayerJoined", at(round.closesAt));
  else {
    const pot = potAfterCut(round.bet * round.seats.length, 1_000);
    await t.ledger.rounds.settle(
      roundId,
      [{ userId: players[round.seats[0]!]!, amount: pot }],
      [],
      at(round.closesAt),
    );
  }
}

async function projected() {
  const head = (await readEverything(t.store, t.pool)).at(-1)!.position;
  await vi.waitFor(async () => expect(await loadCheckpoint(t.pool)).toBe(head), {
    timeout: 15_000,
  });
}

/** The report from the summaries and from every round, over `range`, in the summaries' zone. */
async function bothReports(range: { from: string; to: string }) {
  const { rows } = await t.pool.query("SELECT zone FROM report_summary_zone");
  const fromDays = await t.pool.query(gamesReportQuery(range));
  const fromRounds = await t.pool.query(gamesDetailQuery(range, rows[0].zone));
  return { fromDays: fromDays.rows, fromRounds: fromRounds.rows };
}

const rangeArbitrary = fc
  .tuple(fc.integer({ min: -1, max: 11 }), fc.integer({ min: 0, max: 12 }))
  .map(([a, b]) => ({ from: day(Math.min(a, b)), to: day(Math.max(a, b)) }));

describe("games report daily summaries", () => {
  it("equal the report from every round, for random rounds and ranges", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(roundArbitrary, { minLength: 1, maxLength: 6 }),
        fc.array(rangeArbitrary, { minLength: 1, maxLength: 3 }),
        async (rounds, ranges) => {
          for (const round of rounds) await play(round);
          await projected();
          expect(await summaryDifferences(t.pool)).toEqual({ gameDays: [], playerDays: [] });
          for (const range of ranges) {
            const { fromDays, fromRounds } = await bothReports(range);
            expect(fromDays).toEqual(fromRounds);
          }
        },
      ),
      { numRuns: 8 },
    );
    // Whatever the random rounds were, the checks below have a private round and a table's to
    // compare, of two players each, on two more days.
    for (const [index, table] of [null, 2].entries())
      await play({
        game: "spin-wheel",
        table,
        seats: [0, 1],
        bet: 500,
        cancelled: false,
        closesAt: (3 + index) * 1440 + 600,
      });
    await projected();
    const all = await bothReports({ from: day(-1), to: day(11) });
    expect(all.fromDays).toEqual(all.fromRounds);
    // Something to compare: several days, both games, tables and private rounds, players.
    expect(new Set(all.fromDays.map((row) => row.day)).size).toBeGreaterThan(3);
    expect(all.fromDays.some((row) => row.venue === "private")).toBe(true);
    expect(Number(all.fromDays.at(-1).players)).toBeGreaterThan(1);
    const tables = all.fromDays.filter((row) => row.day && row.venue.startsWith("table-"));
    expect(tables.length).toBeGreaterThan(0);
    for (const row of tables) expect(Number(row.table_bet)).toBe(Number(row.venue.slice(6)) * 1000);
  });

  it("are keyed again by day when the zone changes, even a quarter-hour one, and by a rebuild", async () => {
    const range = { from: day(-1), to: day(11) };
    // Rounds on another day in each other zone, whatever the random ones were: 19:30 UTC is
    // 22:30 in Addis Ababa and past midnight in Kathmandu; 01:00 UTC is the day before in
    // Los Angeles.
    const round: Omit<Round, "closesAt"> = {
      game: "coin-flip",
      table: null,
      seats: [0, 1],
      bet: 100,
      cancelled: false,
    };
    for (const closesAt of [5 * 1440 + 19 * 60 + 30, 6 * 1440 + 60])
      await play({ ...round, closesAt });
    await projected();
    const addis = await bothReports(range);
    for (const zone of ["Asia/Kathmandu", "America/Los_Angeles", "Africa/Addis_Ababa"]) {
      const db = await t.pool.connect();
      try {
        await db.query("BEGIN");
        await rebuildReportDays(db, zone);
        await db.query("COMMIT");
      } finally {
        db.release();
      }
      const { fromDays, fromRounds } = await bothReports(range);
      expect(fromDays).toEqual(fromRounds);
      expect(await summaryDifferences(t.pool)).toEqual({ gameDays: [], playerDays: [] });
      if (zone !== "Africa/Addis_Ababa") expect(fromDays).not.toEqual(addis.fromDays);
    }
    expect((await bothReports(range)).fromDays).toEqual(addis.fromDays);

    await runner.stop();
    await rebuildProjections(t.store, t.pool);
    expect((await bothReports(range)).fromDays).toEqual(addis.fromDays);
    const report = await inSnapshot(t.pool, (db) =>
      readGamesReport(db, range, "Africa/Addis_Ababa"),
    );
    expect(report.total.rounds + report.total.cancelled).toBeGreaterThan(8);
  });

  it("the audit's comparison finds a summary that differs from its rounds", async () => {
    await t.pool.query(
      "UPDATE report_game_days SET stakes = stakes + 1 WHERE (day, game, venue) = (SELECT day, game, venue FROM report_game_days LIMIT 1)",
    );
    await t.pool.query(
      `DELETE FROM report_player_days WHERE (day, game, venue, user_id) =
       (SELECT day, game, venue, user_id FROM report_player_days LIMIT 1)`,
    );
    const differences = await summaryDifferences(t.pool);
    expect(differences.gameDays).toHaveLength(2);
    expect(differences.playerDays).toEqual([expect.objectContaining({ problem: "missing" })]);
  });
});
