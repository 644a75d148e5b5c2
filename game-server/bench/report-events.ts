import { randomUUID } from "node:crypto";
import {
  CommandHandler,
  createPostgresEventStore,
  Ledger,
  potAfterCut,
  type RecordedEvent,
} from "@igp/ledger";
import { applyEvents, PROJECTORS } from "@igp/projections";
import { approvedBankDeposit, ctx, readEverything } from "@igp/test-support/ledger.ts";
import { generateLedgerActivity } from "@igp/test-support/ledger-activity.ts";
import type pg from "pg";

/**
 * A year of ledger events for bench:reports, projected by the real projection runner's code
 * (applyEvents with every projector, batches of 2,000 in a transaction each, as a rebuild does):
 * the read models and daily summaries hold exactly what the projection writes.
 *
 * The events are real ones: a day's unit of activity (bank and agent deposits, a charge, bonuses,
 * withdrawals, twelve table rounds, a cancelled round, a lottery) is run once through the ledger,
 * then copied with fresh ids for rounds, requests and transfers, its players and agent drawn
 * from pools (so players come back across the year), its times moved along the year and each
 * stream's revisions renumbered.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const YEAR_MS = 365 * 86_400_000;
const BATCH = 2_000;

export async function seedThroughProjection(
  pool: pg.Pool,
  { events, players, agents }: { events: number; players: number; agents: number },
  progress: (done: number) => void,
) {
  const template = await recordUnit(pool);
  const copies = Math.ceil(events / template.events.length);
  const playerPool = Array.from({ length: players }, () => randomUUID());
  const agentPool = Array.from({ length: agents }, () => randomUUID());
  const revisions = new Map<string, number>();
  const start = Date.now() - YEAR_MS;
  const templateStart = Date.parse(template.events[0]!.metadata.occurredAt as string);
  let position = 0;
  let batch: RecordedEvent[] = [];
  let done = 0;
  for (let copy = 0; copy < copies; copy++) {
    const ids = new Map<string, string>();
    for (const [i, id] of template.userIds.entries())
      ids.set(id, playerPool[(copy * template.userIds.length + i * 7919) % players]!);
    ids.set(template.agentId, agentPool[copy % agents]!);
    const shift = start + Math.floor((copy / copies) * YEAR_MS) - templateStart;
    for (const event of template.events) {
      const text = JSON.stringify({
        streamId: event.streamId,
        data: event.data,
        metadata: event.metadata,
      })
        .replace(UUID, (id) => ids.get(id) ?? ids.set(id, randomUUID()).get(id)!)
        .replace(ISO_TIME, (time) => new Date(Date.parse(time) + shift).toISOString());
      const moved = JSON.parse(text);
      const revision = revisions.get(moved.streamId) ?? 0;
      revisions.set(moved.streamId, revision + 1);
      batch.push({
        ...event,
        ...moved,
        id: randomUUID(),
        revision,
        position: String(++position),
      });
      if (batch.length === BATCH) {
        await project(pool, batch);
        done += batch.length;
        progress(done);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await project(pool, batch);
  return { unitEvents: template.events.length, copies };
}

async function project(pool: pg.Pool, batch: RecordedEvent[]) {
  const db = await pool.connect();
  try {
    await db.query("BEGIN");
    await applyEvents(db, PROJECTORS, batch);
    await db.query("COMMIT");
  } catch (error) {
    await db.query("ROLLBACK");
    throw error;
  } finally {
    db.release();
  }
}

/** One unit of a day's activity through the real ledger: its events, players and agent. */
async function recordUnit(pool: pg.Pool) {
  const store = createPostgresEventStore({ pool });
  const ledger = new Ledger(new CommandHandler(store));
  const { agentId, userIds } = await generateLedgerActivity(ledger, 4);
  for (const userId of userIds) await approvedBankDeposit(ledger, userId, 200_000);
  for (let table = 1; table <= 12; table++) {
    const roundId = randomUUID();
    const game = table % 3 === 0 ? "spin-wheel" : "coin-flip";
    const bet = 1_000 * (1 + (table % 5));
    await ledger.rounds.open(
      { roundId, game, betAmount: bet, cutBasisPoints: 1_000, details: { instantId: table } },
      ctx("user"),
    );
    const seated = [userIds[table % 4]!, userIds[(table + 1) % 4]!];
    for (const userId of seated)
      await ledger.rounds.placeStake(
        { userId, roundId, stakeId: randomUUID(), amount: bet },
        ctx("user", userId),
      );
    await ledger.rounds.settle(
      roundId,
      [{ userId: seated[0]!, amount: potAfterCut(2 * bet, 1_000) }],
      [],
      ctx("user"),
    );
  }
  const events = await readEverything(store, pool);
  return { events, agentId, userIds };
}
