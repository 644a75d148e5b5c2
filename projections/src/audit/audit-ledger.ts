import { type EventStore, LedgerReplay } from "@igp/ledger";
import type pg from "pg";
import { PROJECTIONS_CHECKPOINT } from "../projection-runner.ts";
import { ExpectedReports, readReportModels } from "../reports/expected-reports.ts";
import { summaryDifferences } from "../reports/report-days.ts";
import { type AuditedEvent, openAuditSource } from "./audit-source.ts";
import { ExpectedGameHistory, type GameHistoryRow, sortedPicks } from "./expected-game-history.ts";
import { ExpectedHouseDays } from "./expected-house-days.ts";
import { ExpectedReadModels, type ReadModelSnapshot } from "./expected-read-models.ts";
import { FairnessProofs } from "./fairness-proofs.ts";

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
 * (docs/audit.md, how the audit streams): about 80 MB of states at ~800 bytes each.
 */
export const OPEN_STREAMS_IN_MEMORY = 100_000;

export interface AuditOptions {
  /** Open accounts held in memory at most (OPEN_STREAMS_IN_MEMORY unless given). */
  openStreamsInMemory?: number;
}

/**
 * Replays the whole ledger without using the projections: hash chains, event schemas, money
 * conservation, no negative balance, the fairness proof of every settled round. Then compares
 * the read models (balances, requests, the players' game history, the house per day) with what
 * the events say they should hold at the projections' checkpoint.
 *
 * It streams (docs/audit.md): pages read ahead in one snapshot, each stream checked and dropped
 * when its last event is applied (a round's draw is recomputed then), transfers held only while
 * in flight; what stays in memory is the open streams and the read models' expectations.
 */
export async function auditLedger(
  store: EventStore,
  pool: pg.Pool,
  options: AuditOptions = {},
): Promise<AuditReport> {
  const source = await openAuditSource(store, pool);
  try {
    const projected = await readProjections(source.db);
    return await replayAgainst(source.pages, projected, options);
  } finally {
    await source.close();
  }
}

async function replayAgainst(
  pages: AsyncIterable<AuditedEvent[]>,
  projected: Projected,
  { openStreamsInMemory = OPEN_STREAMS_IN_MEMORY }: AuditOptions,
): Promise<AuditReport> {
  const fairness = new FairnessProofs();
  const history = new ExpectedGameHistory();
  const houseDays = new ExpectedHouseDays();
  const reports = new ExpectedReports();
  const models = new ExpectedReadModels();
  const problems: string[] = [];
  let draws: Promise<string[]>[] = [];
  // The read models are expected as of the checkpoint: streams that end before it are added as
  // they end, the ones still open when it is reached are added then (none without projections).
  let expected: ReadModelSnapshot | null = null;
  const replay = new LedgerReplay((stream) => {
    if (!expected) models.add(stream);
    if (stream.kind === "round") draws.push(fairness.settle(`round-${stream.id}`));
  }, openStreamsInMemory);
  const reachCheckpoint = () => {
    for (const stream of replay.streams.values()) models.add(stream);
    expected = models.snapshot(replay.house);
  };
  try {
    if (!projected.checkpoint) reachCheckpoint();
    for await (const page of pages) {
      for (const event of page) {
        fairness.apply(event);
        replay.apply(event, event.last);
        // The history is folded up to the checkpoint only: what the projections have seen.
        if (!expected) {
          history.apply(event);
          houseDays.apply(event);
          reports.apply(event);
          if (event.position === projected.checkpoint) reachCheckpoint();
        }
      }
      for (const found of await Promise.all(draws)) problems.push(...found);
      draws = [];
    }
    problems.push(...replay.verdict(), ...(await fairness.verdict()));
  } finally {
    await replay.close();
  }
  if (expected)
    problems.push(...compareReadModels(expected, projected, history, houseDays, reports));
  else
    problems.push(`the projections' checkpoint ${projected.checkpoint} is not a ledger position`);

  return {
    events: replay.events,
    streams: { ...replay.streamCounts },
    moneyIn: replay.moneyIn,
    moneyOut: replay.moneyOut,
    moneyInFlight: replay.moneyInFlight,
    house: replay.house,
    fairRounds: fairness.checked,
    problems:
      problems.length > MAX_LISTED
        ? [...problems.slice(0, MAX_LISTED), `… and ${problems.length - MAX_LISTED} more`]
        : problems,
  };
}

function compareReadModels(
  expected: ReadModelSnapshot,
  projected: Projected,
  history: ExpectedGameHistory,
  houseDays: ExpectedHouseDays,
  reports: ExpectedReports,
): string[] {
  const problems = compare(expected, projected.models);
  problems.push(...diffMaps("game history", history.rows(), projected.history, () => false));
  const nothing = (day: object) => Object.values(day).every((value) => value === 0);
  problems.push(...diffMaps("house day", houseDays.rows(), projected.houseDays, nothing));
  problems.push(...reports.verdict(projected.reports, expected));
  // The daily summaries against the report rows (themselves checked just above).
  for (const [table, rows] of Object.entries(projected.summaries))
    for (const { problem, ...row } of rows)
      problems.push(`report summary ${table}: ${problem} ${JSON.stringify(row)}`);
  return problems;
}

type Projected = Awaited<ReturnType<typeof readProjections>>;

/** The read models and their checkpoint, read in the audit's snapshot. */
async function readProjections(db: pg.ClientBase) {
  {
    const checkpoint = await db.query("SELECT position FROM checkpoints WHERE name = $1", [
      PROJECTIONS_CHECKPOINT,
    ]);
    const players = await db.query("SELECT user_id, main, bonus, held FROM player_balances");
    const agents = await db.query("SELECT agent_id, float FROM agent_balances");
    const house = await db.query(
      "SELECT round_cuts, withdrawal_fees, prizes_paid, agent_advances, balance FROM house_balance",
    );
    const requests = await db.query(`SELECT 'deposit:' || id AS key, status FROM deposit_requests
      UNION ALL SELECT 'withdrawal:' || id, status FROM withdrawal_requests
      UNION ALL SELECT 'charge:' || id, status FROM charge_requests`);
    const history = await db.query(
      `SELECT round_id, user_id, game, stake, picks, payout, refunded, outcome, places
         FROM player_game_history`,
    );
    const houseDays = await db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, round_cuts, withdrawal_fees, prizes_paid,
              agent_advances, balance FROM house_days`,
    );
    const reports = await readReportModels(db);
    const summaries = await summaryDifferences(db);
    const models: ReadModelSnapshot = {
      players: new Map(
        players.rows.map((r) => [
          r.user_id,
          { main: int(r.main), bonus: int(r.bonus), held: int(r.held) },
        ]),
      ),
      agents: new Map(agents.rows.map((r) => [r.agent_id, int(r.float)])),
      house: {
        round_cuts: int(house.rows[0]?.round_cuts),
        withdrawal_fees: int(house.rows[0]?.withdrawal_fees),
        prizes_paid: int(house.rows[0]?.prizes_paid),
        agent_advances: int(house.rows[0]?.agent_advances),
        balance: int(house.rows[0]?.balance),
      },
      requests: new Map(requests.rows.map((r) => [r.key, r.status])),
    };
    return {
      checkpoint: (checkpoint.rows[0]?.position ?? undefined) as string | undefined,
      models,
      reports,
      summaries,
      history: new Map(history.rows.map((r) => [`${r.round_id} ${r.user_id}`, historyRow(r)])),
      houseDays: new Map(
        houseDays.rows.map((r) => [
          r.day as string,
          {
            roundCuts: int(r.round_cuts),
            withdrawalFees: int(r.withdrawal_fees),
            prizesPaid: int(r.prizes_paid),
            agentAdvances: int(r.agent_advances),
            balance: int(r.balance),
          },
        ]),
      ),
    };
  }
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
function int(value: string | undefined): number {
  const parsed = Number(value ?? 0);
  if (!Number.isSafeInteger(parsed)) throw new Error(`Read model value out of range: ${value}`);
  return parsed;
}

function compare(expected: ReadModelSnapshot, actual: ReadModelSnapshot): string[] {
  const problems = [
    ...diffMaps(
      "player",
      expected.players,
      actual.players,
      (v) => v.main === 0 && v.bonus === 0 && v.held === 0,
    ),
    ...diffMaps("agent", expected.agents, actual.agents, (v) => v === 0),
    ...diffMaps("request", expected.requests, actual.requests, () => false),
  ];
  if (json(expected.house) !== json(actual.house)) {
    problems.push(`house: projection ${json(actual.house)}, ledger ${json(expected.house)}`);
  }
  return problems;
}

const json = (value: unknown) => JSON.stringify(value);

/** Every key whose value differs, or that one side lacks (unless its value counts as empty). */
function diffMaps<V>(
  what: string,
  want: Map<string, V>,
  have: Map<string, V>,
  isEmpty: (v: V) => boolean,
): string[] {
  const problems: string[] = [];
  for (const [key, value] of want) {
    const found = have.get(key);
    if (found === undefined ? !isEmpty(value) : json(found) !== json(value)) {
      problems.push(`${what} ${key}: projection ${json(found ?? null)}, ledger ${json(value)}`);
    }
  }
  for (const [key, value] of have) {
    if (!want.has(key) && !isEmpty(value))
      problems.push(`${what} ${key}: in the projection only (${json(value)})`);
  }
  return problems;
}
