import {
  type EventStore,
  type HouseState,
  LedgerReplay,
  type ReplayedStream,
  type RoundState,
  type Stake,
} from "@igp/ledger";
import type pg from "pg";
import { PROJECTIONS_CHECKPOINT } from "../projection-runner.ts";
import { ExpectedReports } from "../reports/expected-reports.ts";
import { summaryDifferences } from "../reports/report-days.ts";
import { type AuditSource, openAuditSource } from "./audit-source.ts";
import { ExpectedGameHistory, type GameHistoryRow, sortedPicks } from "./expected-game-history.ts";
import { ExpectedHouseDays } from "./expected-house-days.ts";
import {
  ExpectedReadModels,
  expectedHouse,
  type HouseRow,
  type PlayerBalance,
} from "./expected-read-models.ts";
import { FairnessProofs } from "./fairness-proofs.ts";
import { differencesInStep, ProblemList } from "./problem-list.ts";
import { type KeyedTable, ReadModelPages } from "./read-model-pages.ts";
import { inStep, keyed, onePage, type Pages } from "./row-pages.ts";
import { ScratchDirectory, sortedEntries } from "./sorted-rows.ts";

export interface AuditReport {
  events: number;
  streams: Record<string, number>;
  moneyIn: bigint;
  moneyOut: bigint;
  moneyInFlight: bigint;
  house: LedgerReplay["house"];
  /** Settled rounds whose provably fair draw was recomputed and checked. */
  fairRounds: number;
  problems: string[];
}

const MAX_LISTED = 50;

/**
 * Open accounts the audit holds in memory by default, the rest spilled to a temporary file
 * (docs/audit.md, how the audit streams): about 24 MB of states at ~1.2 KB each, about as many as
 * a ledger of 1M events holds open, so a larger ledger needs no more memory for its accounts.
 */
export const OPEN_STREAMS_IN_MEMORY = 20_000;
/**
 * Expected read-model rows held in memory per table by default before a sorted run of them is
 * written to the audit's temporary directory (sorted-rows.ts): a few MB each.
 */
export const EXPECTED_ROWS_IN_MEMORY = 20_000;
/** Read-model rows a page by default, compared in step with the expected rows. */
export const READ_MODEL_PAGE = 1_000;

export interface AuditOptions {
  /** Open accounts held in memory at most (OPEN_STREAMS_IN_MEMORY unless given). */
  openStreamsInMemory?: number;
  /** Expected rows per read model held in memory (EXPECTED_ROWS_IN_MEMORY unless given). */
  expectedRowsInMemory?: number;
  /** Read-model rows a page (READ_MODEL_PAGE unless given). */
  readModelPage?: number;
}

/**
 * Replays the whole ledger without using the projections: hash chains, event schemas, money
 * conservation, no negative balance, the fairness proof of every settled round. Then compares
 * the read models (balances, requests, the players' game history, the house per day, the
 * reports) with what the events say they should hold at the projections' checkpoint.
 *
 * It streams (docs/audit.md): pages read ahead in one snapshot, each stream checked and dropped
 * when its last event is applied (a round's draw is recomputed then), transfers held only while
 * in flight; the read models' expected rows kept in key order with memory bounded and compared
 * with the read models page by page; what stays in memory is the open streams and the bounds.
 */
export async function auditLedger(
  store: EventStore,
  pool: pg.Pool,
  options: AuditOptions = {},
): Promise<AuditReport> {
  const source = await openAuditSource(store, pool);
  try {
    const checkpoint = await readCheckpoint(source.db);
    return await replayAgainst(source, checkpoint, options);
  } finally {
    await source.close();
  }
}

async function replayAgainst(
  source: AuditSource,
  checkpoint: string | undefined,
  {
    openStreamsInMemory = OPEN_STREAMS_IN_MEMORY,
    expectedRowsInMemory = EXPECTED_ROWS_IN_MEMORY,
    readModelPage = READ_MODEL_PAGE,
  }: AuditOptions,
): Promise<AuditReport> {
  const scratch = new ScratchDirectory();
  const fairness = new FairnessProofs();
  const history = new ExpectedGameHistory(scratch.path, expectedRowsInMemory);
  const houseDays = new ExpectedHouseDays();
  const reports = new ExpectedReports(scratch.path, expectedRowsInMemory);
  const models = new ExpectedReadModels(scratch.path, expectedRowsInMemory);
  const problems = new ProblemList(MAX_LISTED);
  // The report summaries against their rows: PostgreSQL's work alone, done beside the replay.
  const summaries = source.alongside(summaryDifferences);
  summaries.catch(() => {}); // reported when awaited
  let draws: Promise<string[]>[] = [];
  // The read models are expected as of the checkpoint: streams that end before it are added as
  // they end, the ones still open when it is reached are added then (none without projections).
  let house: HouseRow | null = null;
  let endedRounds: [string, readonly Stake[]][] = [];
  const replay = new LedgerReplay((stream) => {
    if (!house) models.add(stream);
    if (stream.kind === "round") {
      const stakes = stakesOf(stream);
      draws.push(fairness.settle(`round-${stream.id}`, stakes));
      if (!house) endedRounds.push([stream.id, stakes]);
    }
  }, openStreamsInMemory);
  // In a function of its own: a loop variable of this async function would keep the last
  // round's stakes (a lottery's, 125,000 of them at 5M) alive in its frame until it returns.
  const endRounds = () => {
    for (const [roundId, stakes] of endedRounds) history.end(roundId, stakes);
    endedRounds = [];
  };
  const reachCheckpoint = () => {
    for (const stream of replay.streams.values()) {
      models.add(stream);
      if (stream.kind === "round") history.end(stream.id, stakesOf(stream));
    }
    history.endAll();
    house = expectedHouse(replay.house);
  };
  try {
    try {
      if (!checkpoint) reachCheckpoint();
      for await (const page of source.pages) {
        for (const recorded of page) {
          fairness.apply(recorded);
          const event = replay.apply(recorded, recorded.last);
          // The history is folded up to the checkpoint only: what the projections have seen;
          // each event as the replay parsed it (one refused is the replay's problem).
          if (!house) {
            if (event) {
              history.apply(recorded, event);
              houseDays.apply(recorded, event);
              reports.apply(recorded, event);
            }
            // A round's rows are final once its last event is folded.
            endRounds();
            if (recorded.position === checkpoint) reachCheckpoint();
          }
        }
        for (const found of await Promise.all(draws)) problems.push(...found);
        draws = [];
      }
      const openStakes = (streamId: string) => {
        const stream = replay.streams.get(streamId);
        return stream?.kind === "round" ? stakesOf(stream) : [];
      };
      problems.push(...replay.verdict(), ...(await fairness.verdict(openStakes)));
    } finally {
      await replay.close();
    }
    if (house) {
      const pages = new ReadModelPages(source.db, readModelPage);
      const expected = { models, history, houseDays, reports };
      await compareReadModels(pages, house, expected, summaries, problems);
    } else problems.push(`the projections' checkpoint ${checkpoint} is not a ledger position`);
  } finally {
    await Promise.allSettled([summaries]);
    await scratch.close();
  }

  return {
    events: replay.events,
    streams: { ...replay.streamCounts },
    moneyIn: replay.moneyIn,
    moneyOut: replay.moneyOut,
    moneyInFlight: replay.moneyInFlight,
    house: replay.house,
    fairRounds: fairness.checked,
    problems: problems.list(),
  };
}

/** The stakes a round's stream holds as the replay folded it (returned ones left out). */
const stakesOf = (stream: ReplayedStream): readonly Stake[] =>
  (stream.state as RoundState).stakes.items;

interface Expected {
  models: ExpectedReadModels;
  history: ExpectedGameHistory;
  houseDays: ExpectedHouseDays;
  reports: ExpectedReports;
}

/** The projections' checkpoint, read in the audit's snapshot. */
async function readCheckpoint(db: pg.ClientBase): Promise<string | undefined> {
  const { rows } = await db.query("SELECT position FROM checkpoints WHERE name = $1", [
    PROJECTIONS_CHECKPOINT,
  ]);
  return rows[0]?.position ?? undefined;
}

/** The read models as they are in the snapshot, by key, against what the events call for. */
const TABLES = {
  players: { select: "user_id, main, bonus, held", from: "player_balances", key: ["user_id"] },
  agents: { select: "agent_id, float", from: "agent_balances", key: ["agent_id"] },
  history: {
    select: "round_id, user_id, game, stake, picks, payout, refunded, outcome, places",
    from: "player_game_history",
    key: ["round_id", "user_id"],
  },
  // In the order of their keys' prefixes: "charge:" < "deposit:" < "withdrawal:".
  requests: (["charge", "deposit", "withdrawal"] as const).map((kind) => ({
    kind,
    table: { select: "id, status", from: `${kind}_requests`, key: ["id"] },
  })),
} satisfies Record<string, KeyedTable | { kind: string; table: KeyedTable }[]>;

/**
 * The read models compared with the expected rows a page at a time, in key order (neither side
 * held whole), in the order the audit has always listed them: balances, agents, requests, the
 * house, the game history, the house's days, the reports and their daily summaries (checked
 * against the reports' rows beside the replay).
 */
async function compareReadModels(
  pages: ReadModelPages,
  house: HouseRow,
  { models, history, houseDays, reports }: Expected,
  summaries: ReturnType<typeof summaryDifferences>,
  problems: ProblemList,
) {
  const noMoney = (v: PlayerBalance) => v.main === 0 && v.bonus === 0 && v.held === 0;
  const players = keyed(pages.pages(TABLES.players), (r) => r.user_id as string, playerRow);
  await differencesInStep("player", inStep(models.players.pages(), players), noMoney, problems);
  const agents = keyed(
    pages.pages(TABLES.agents),
    (r) => r.agent_id as string,
    (r) => int(r.float),
  );
  await differencesInStep("agent", inStep(models.agents.pages(), agents), (v) => v === 0, problems);
  const nothing = () => false;
  await differencesInStep(
    "request",
    inStep(models.requests.pages(), requestRows(pages)),
    nothing,
    problems,
  );
  const actualHouse = await readHouse(pages);
  if (json(house) !== json(actualHouse))
    problems.push(`house: projection ${json(actualHouse)}, ledger ${json(house)}`);

  const historyRows = keyed(
    pages.pages(TABLES.history),
    (r) => `${r.round_id} ${r.user_id}`,
    (r) => historyRow(r as unknown as Parameters<typeof historyRow>[0]),
  );
  await differencesInStep(
    "game history",
    inStep(history.rows.pages(), historyRows),
    nothing,
    problems,
  );
  const nothingThatDay = (day: object) => Object.values(day).every((value) => value === 0);
  const days = await readHouseDays(pages);
  await differencesInStep(
    "house day",
    inStep(sortedMap(houseDays.rows()), sortedMap(days)),
    nothingThatDay,
    problems,
  );
  await reports.verdict(pages, { players: models.players, agents: models.agents, house }, problems);
  // The daily summaries against the report rows (themselves checked just above).
  for (const [table, rows] of Object.entries(await summaries))
    for (const { problem, ...row } of rows)
      problems.push(`report summary ${table}: ${problem} ${JSON.stringify(row)}`);
}

async function* requestRows(pages: ReadModelPages): AsyncGenerator<[string, string][]> {
  for (const { kind, table } of TABLES.requests)
    for await (const page of pages.pages(table))
      yield page.map((row): [string, string] => [`${kind}:${row.id}`, row.status as string]);
}

const playerRow = (r: Record<string, unknown>): PlayerBalance => ({
  main: int(r.main),
  bonus: int(r.bonus),
  held: int(r.held),
});

async function readHouse(pages: ReadModelPages): Promise<HouseRow> {
  const { rows } = await pages.db.query(
    "SELECT round_cuts, withdrawal_fees, prizes_paid, agent_advances, balance FROM house_balance",
  );
  return {
    round_cuts: int(rows[0]?.round_cuts),
    withdrawal_fees: int(rows[0]?.withdrawal_fees),
    prizes_paid: int(rows[0]?.prizes_paid),
    agent_advances: int(rows[0]?.agent_advances),
    balance: int(rows[0]?.balance),
  };
}

/** The house's days: a row a day, read whole. */
async function readHouseDays(pages: ReadModelPages): Promise<Map<string, HouseState>> {
  const { rows } = await pages.db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, round_cuts, withdrawal_fees, prizes_paid,
            agent_advances, balance FROM house_days`,
  );
  return new Map(
    rows.map((r) => [
      r.day as string,
      {
        roundCuts: int(r.round_cuts),
        withdrawalFees: int(r.withdrawal_fees),
        prizesPaid: int(r.prizes_paid),
        agentAdvances: int(r.agent_advances),
        balance: int(r.balance),
      },
    ]),
  );
}

function sortedMap<V>(map: Map<string, V>): Pages<[string, V]> {
  return onePage(sortedEntries(map));
}

/** A `player_game_history` row as the audit compares it. */
function historyRow(row: {
  game: string;
  stake: string;
  picks: Record<string, (string | number)[]>;
  payout: string;
  refunded: string;
  outcome: GameHistoryRow["outcome"];
  places: number[];
}): GameHistoryRow {
  const { game, stake, picks, payout, refunded, outcome, places } = row;
  return {
    game,
    stake: int(stake),
    picks: sortedPicks(Object.values(picks).flat()),
    payout: int(payout),
    refunded: int(refunded),
    outcome,
    places,
  };
}

/** A bigint column (a decimal string from pg) as a safe integer; absent means zero. */
function int(value: unknown): number {
  const parsed = Number(value ?? 0);
  if (!Number.isSafeInteger(parsed)) throw new Error(`Read model value out of range: ${value}`);
  return parsed;
}

const json = (value: unknown) => JSON.stringify(value);
