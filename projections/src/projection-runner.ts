import {
  comparePositions,
  type EventMetadata,
  type EventStore,
  FOLLOWER_INTERVAL_MS,
  parseLedgerEvent,
  type RecordedEvent,
  type Subscription,
  type UnchainedEvent,
} from "@igp/ledger";
import type pg from "pg";
import { ProjectionDb } from "./projection-db.ts";
import type { ProjectedEvent, Projector } from "./projector.ts";
import { balancesProjector } from "./read-models/balances.projector.ts";
import { gameHistoryProjector } from "./read-models/game-history.projector.ts";
import { lotteryTicketsProjector } from "./read-models/lottery-tickets.projector.ts";
import { requestsProjector } from "./read-models/requests.projector.ts";
import { roundsProjector } from "./read-models/rounds.projector.ts";
import { staffActivityProjector } from "./read-models/staff-activity.projector.ts";
import { reportsProjector } from "./reports/reports.projector.ts";

/**
 * Every read model, in the order they apply each event: balances and the staff activity log read
 * requests' rows, and the reports' daily player sets read a closing round's game history rows.
 */
export const PROJECTORS: Projector[] = [
  requestsProjector,
  balancesProjector,
  roundsProjector,
  lotteryTicketsProjector,
  gameHistoryProjector,
  reportsProjector,
  staffActivityProjector,
];
export const PROJECTIONS_CHECKPOINT = "projections";

export interface ProjectionRunnerOptions {
  projectors?: Projector[];
  batchSize?: number;
  /** At most a batch per this many ms while appends keep coming (SubscribeOptions). */
  minIntervalMs?: number;
  onError?: (error: unknown) => void;
  /** Told the checkpoint each batch committed (the process' waiters on the read models). */
  onCommitted?: (position: string) => void;
}

/**
 * Applies events to the read models batch by batch; each batch and the checkpoint move in one
 * transaction, so every event is applied exactly once, whatever stops the process (or whatever
 * rebuild switches the tables in: rebuild.ts). Projectors gather a batch's changes per row and
 * write each row once (projection-db.ts).
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private readonly projectors: Projector[];
  private readonly batchSize: number;

  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.projectors = options.projectors ?? PROJECTORS;
    this.batchSize = options.batchSize ?? 500;
  }

  async start(): Promise<void> {
    this.subscription = this.store.subscribe({
      after: await loadCheckpoint(this.pool),
      batchSize: this.batchSize,
      minIntervalMs: this.options.minIntervalMs ?? FOLLOWER_INTERVAL_MS,
      onEvents: (events) => this.applyBatch(events),
      onError: this.options.onError,
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Catches up to the head of the stream and returns the number of events applied. */
  async catchUp(): Promise<number> {
    let applied = 0;
    for (let position = await loadCheckpoint(this.pool); ; ) {
      const events = await this.store.readAll({ after: position, maxCount: this.batchSize });
      if (events.length === 0) return applied;
      await this.applyBatch(events);
      position = events.at(-1)!.position;
      applied += events.length;
    }
  }

  /**
   * One batch and the checkpoint in one transaction. The checkpoint's row is taken first: a
   * rebuild switching its tables in holds it, and may have moved it past some of these events
   * (they are in the rebuilt tables), so only the events after it are applied.
   */
  private async applyBatch(events: RecordedEvent[]) {
    const db = await this.pool.connect();
    try {
      await db.query("BEGIN");
      const from = await lockCheckpoint(db);
      const fresh =
        from === undefined
          ? events
          : events.filter((event) => comparePositions(event.position, from) > 0);
      if (fresh.length > 0) {
        await applyEvents(db, this.projectors, fresh);
        await moveCheckpoint(db, from, fresh.at(-1)!.position);
      }
      await db.query("COMMIT");
      const committed = fresh.at(-1)?.position ?? from;
      if (committed !== undefined) this.options.onCommitted?.(committed);
    } catch (error) {
      await db.query("ROLLBACK");
      throw error;
    } finally {
      db.release();
    }
  }
}

export async function applyEvents(
  client: pg.ClientBase,
  projectors: Projector[],
  events: UnchainedEvent[],
) {
  await applyProjected(client, projectors, projectedEvents(events));
}

/**
 * The events as projectors take them, each validated against its stream's schema, or only its
 * type checked against its stream's kind (`recordedLedgerEvent`: a rebuild's replay).
 */
export function projectedEvents(
  events: UnchainedEvent[],
  read: typeof parseLedgerEvent = parseLedgerEvent,
): ProjectedEvent[] {
  return events.map((recorded) => ({
    id: recorded.id,
    streamId: recorded.streamId,
    revision: recorded.revision,
    position: recorded.position,
    event: read(recorded.streamId, recorded.type, recorded.data),
    metadata: recorded.metadata as EventMetadata,
  }));
}

/** Events made ready for the projectors (projectedEvents) applied by every one, in order. */
export async function applyProjected(
  client: pg.ClientBase,
  projectors: Projector[],
  events: ProjectedEvent[],
) {
  const db = new ProjectionDb(client);
  for (const projected of events)
    for (const projector of projectors) await projector.apply(db, projected);
  await db.flush();
}

export async function loadCheckpoint(db: pg.Pool | pg.ClientBase): Promise<string | undefined> {
  const { rows } = await db.query("SELECT position FROM checkpoints WHERE name = $1", [
    PROJECTIONS_CHECKPOINT,
  ]);
  return rows[0]?.position ?? undefined;
}

/** The checkpoint's position, its row held to the end of the transaction (none yet: undefined). */
async function lockCheckpoint(db: pg.ClientBase): Promise<string | undefined> {
  const { rows } = await db.query("SELECT position FROM checkpoints WHERE name = $1 FOR UPDATE", [
    PROJECTIONS_CHECKPOINT,
  ]);
  return rows[0]?.position ?? undefined;
}

/** Moves the checkpoint from where this batch started (a first one inserts it, once). */
async function moveCheckpoint(db: pg.ClientBase, from: string | undefined, to: string) {
  if (from === undefined) {
    const { rowCount } = await db.query(
      "INSERT INTO checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now() WHERE checkpoints.position IS NULL",
      [PROJECTIONS_CHECKPOINT, to],
    );
    if (rowCount === 1) return;
    throw new Error("The projections checkpoint moved under this runner: is another one running?");
  }
  await db.query(
    "UPDATE checkpoints SET position = $3, updated_at = now() WHERE name = $1 AND position = $2",
    [PROJECTIONS_CHECKPOINT, from, to],
  );
}
