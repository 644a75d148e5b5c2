import { type EventStore, LedgerReplay } from "@igp/ledger";
import type pg from "pg";
import { PROJECTIONS_CHECKPOINT } from "../projection-runner.ts";
import { expectedReadModels, type ReadModelSnapshot } from "./expected-read-models.ts";
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
 * Replays the whole ledger without using the projections: hash chains, event schemas, money
 * conservation, no negative balance, the fairness proof of every settled round. Then compares the read models with what the events say
 * they should hold at the projections' checkpoint.
 */
export async function auditLedger(store: EventStore, pool: pg.Pool): Promise<AuditReport> {
  const projected = await readProjections(pool);
  const replay = new LedgerReplay();
  const fairness = new FairnessProofs();
  let expected: ReadModelSnapshot | null = projected.checkpoint ? null : expectedReadModels(replay);
  for (let after: string | undefined; ; ) {
    const batch = await store.readAll({ after, maxCount: 2_000 });
    if (batch.length === 0) break;
    for (const event of batch) {
      replay.apply(event);
      fairness.apply(event);
      if (event.position === projected.checkpoint) expected = expectedReadModels(replay);
    }
    after = batch.at(-1)!.position;
  }
  const problems = [...replay.verdict(), ...(await fairness.verdict())];
  if (expected) problems.push(...compare(expected, projected.models));
  else
    problems.push(`the projections' checkpoint ${projected.checkpoint} is not a ledger position`);

  const streams: Record<string, number> = {};
  for (const stream of replay.streams.values())
    streams[stream.kind] = (streams[stream.kind] ?? 0) + 1;
  return {
    events: replay.events,
    streams,
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

/** The read models and their checkpoint, read in one snapshot. */
async function readProjections(pool: pg.Pool) {
  const db = await pool.connect();
  try {
    await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
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
    await db.query("COMMIT");
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
    };
  } finally {
    db.release();
  }
}

/** A bigint column (a decimal string from pg) as a safe integer; absent means zero. */
function int(value: string | undefined): number {
  const parsed = Number(value ?? 0);
  if (!Number.isSafeInteger(parsed)) throw new Error(`Read model value out of range: ${value}`);
  return parsed;
}

function compare(expected: ReadModelSnapshot, actual: ReadModelSnapshot): string[] {
  const problems: string[] = [];
  const json = (value: unknown) => JSON.stringify(value);
  const diffMaps = <V>(
    what: string,
    want: Map<string, V>,
    have: Map<string, V>,
    isEmpty: (v: V) => boolean,
  ) => {
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
  };
  diffMaps(
    "player",
    expected.players,
    actual.players,
    (v) => v.main === 0 && v.bonus === 0 && v.held === 0,
  );
  diffMaps("agent", expected.agents, actual.agents, (v) => v === 0);
  diffMaps("request", expected.requests, actual.requests, () => false);
  if (json(expected.house) !== json(actual.house)) {
    problems.push(`house: projection ${json(actual.house)}, ledger ${json(expected.house)}`);
  }
  return problems;
}
