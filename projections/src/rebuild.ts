import { type EventStore, readAllUnchained, recordedLedgerEvent } from "@igp/ledger";
import type pg from "pg";
import {
  applyProjected,
  PROJECTIONS_CHECKPOINT,
  PROJECTORS,
  projectedEvents,
} from "./projection-runner.ts";
import type { ProjectedEvent } from "./projector.ts";
import { rebuildReportDays } from "./reports/report-days.ts";
import {
  createShadowTables,
  dropShadow,
  indexShadowTables,
  SHADOW_SCHEMA,
  shadowPosition,
  switchToShadow,
} from "./shadow-tables.ts";

export interface RebuildOptions {
  /** Events per transaction (each writes its rows and the rebuild's checkpoint). */
  batchSize?: number;
  /** Goes on from where an interrupted rebuild's shadow tables stand, instead of from zero. */
  resume?: boolean;
  /** Called after each batch with the number of events applied so far. */
  onProgress?: (events: number) => void;
}

export interface RebuildResult {
  events: number;
  tables: string[];
  /** The live checkpoint's position when the rebuilt tables took over. */
  position: string | undefined;
}

/** The read models' tables, rebuilt and switched together. */
export const PROJECTED_TABLES = PROJECTORS.flatMap((projector) => projector.tables);

const REBUILD_LOCK = 7_264_001; // pg_advisory_lock key: one rebuild at a time

/**
 * Replays the whole ledger into a copy of every read model beside the live one, then switches
 * over. The live tables keep answering (and the live runner keeps following the ledger) while
 * the copy is built in batches, each its own transaction with the copy's checkpoint; the copy
 * catches up to the head, then one short transaction takes the live checkpoint (the live runner
 * waits between two of its batches), applies the last events, replaces the live tables by the
 * copy and moves the live checkpoint to where the copy stands. Readers wait for that transaction
 * (milliseconds), never see a half-built table, and no event is applied twice or skipped.
 */
export async function rebuildProjections(
  store: EventStore,
  pool: pg.Pool,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  // With no statement of its own per event left, a larger batch writes each hot row less often.
  const batchSize = options.batchSize ?? 20_000;
  const db = await pool.connect();
  let locked = false;
  try {
    const { rows } = await db.query<{ ok: boolean; schema: string }>(
      "SELECT pg_try_advisory_lock($1) AS ok, current_schema() AS schema",
      [REBUILD_LOCK],
    );
    locked = rows[0]!.ok;
    if (!locked) throw new Error("Another rebuild of the projections is running.");
    const live = rows[0]!.schema;
    let position = options.resume ? await shadowPosition(db) : null;
    if (position === null) {
      await createShadowTables(db, live, PROJECTED_TABLES);
      position = undefined;
    }
    // The projectors' statements name their tables unqualified: they resolve to the copy.
    await db.query(`SET search_path TO ${SHADOW_SCHEMA}, ${live}`);
    // A batch's commit need not wait for the disk: one lost in a crash is lost with its
    // checkpoint (the same transaction), and the rebuild goes on from the one before.
    await db.query("SET synchronous_commit TO off");
    let events = 0;
    const progress = (applied: number) => {
      events += applied;
      options.onProgress?.(events);
    };
    const follow = (after: string | undefined) =>
      followInBatches(store, db, after, batchSize, progress);
    position = await follow(position);
    // Indexes only the readers need are built once, on the full tables, then the events
    // appended meanwhile are applied.
    await indexShadowTables(db, live, PROJECTED_TABLES);
    position = await follow(position);
    await db.query("SET synchronous_commit TO on"); // the switch is durable when it returns
    await db.query("BEGIN");
    try {
      await lockLiveCheckpoint(db, live);
      position = await applyRemaining(store, db, position, batchSize, progress);
      await keepLiveZone(db, live);
      await switchToShadow(db, live, PROJECTED_TABLES);
      await db.query(
        `UPDATE ${live}.checkpoints SET position = $2, updated_at = now() WHERE name = $1`,
        [PROJECTIONS_CHECKPOINT, position ?? null],
      );
      await db.query("COMMIT");
    } catch (error) {
      await db.query("ROLLBACK");
      throw error;
    }
    return { events, tables: PROJECTED_TABLES, position };
  } finally {
    await db.query("RESET search_path; RESET synchronous_commit").catch(() => {});
    if (locked) await db.query("SELECT pg_advisory_unlock($1)", [REBUILD_LOCK]).catch(() => {});
    db.release();
  }
}

/** Drops what an interrupted rebuild left beside the live tables. */
export async function abandonRebuild(pool: pg.Pool): Promise<void> {
  await dropShadow(pool);
}

/**
 * Applies the ledger after `after` to the copy, a transaction per batch with its checkpoint,
 * reading the next batch and making it ready for the projectors while the current one is
 * written (PostgreSQL writes while this process decodes), until a batch comes back short (the
 * head is near). Returns the last position applied.
 */
async function followInBatches(
  store: EventStore,
  db: pg.ClientBase,
  after: string | undefined,
  batchSize: number,
  progress: (applied: number) => void,
): Promise<string | undefined> {
  let position = after;
  const read = (after: string | undefined) => {
    const events = readBatch(store, after, batchSize);
    events.catch(() => {}); // awaited below; a failed write must not leave it unhandled
    return events;
  };
  let next = read(position);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return position;
    const last = batch.at(-1)!.position;
    if (batch.length === batchSize) next = read(last);
    await db.query("BEGIN");
    try {
      await applyProjected(db, PROJECTORS, batch);
      await saveShadowPosition(db, last);
      await db.query("COMMIT");
    } catch (error) {
      await db.query("ROLLBACK");
      throw error;
    }
    position = last;
    progress(batch.length);
    if (batch.length < batchSize) return position;
  }
}

/** Inside the switching transaction: every event up to what the store shows now. */
async function applyRemaining(
  store: EventStore,
  db: pg.ClientBase,
  after: string | undefined,
  batchSize: number,
  progress: (applied: number) => void,
) {
  let position = after;
  for (;;) {
    const batch = await readBatch(store, position, batchSize);
    if (batch.length === 0) return position;
    await applyProjected(db, PROJECTORS, batch);
    position = batch.at(-1)!.position;
    progress(batch.length);
  }
}

/**
 * The next events after `after` for the projectors: each type checked against its stream's
 * kind, the data as stored. Every event was validated against its schema before it was
 * appended, and again when the live runner projected it; parsing a million again was a sixth of
 * the rebuild's CPU. The audit still checks each one against its schema.
 */
async function readBatch(
  store: EventStore,
  after: string | undefined,
  maxCount: number,
): Promise<ProjectedEvent[]> {
  return projectedEvents(await readAllUnchained(store, { after, maxCount }), recordedLedgerEvent);
}

async function saveShadowPosition(db: pg.ClientBase, position: string) {
  await db.query(
    `INSERT INTO ${SHADOW_SCHEMA}.checkpoints (name, position) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
    [PROJECTIONS_CHECKPOINT, position],
  );
}

/**
 * Holds the live checkpoint's row to the end of the switch: the live runner takes it at the
 * start of each batch, so it finishes the batch it is in and waits before the next.
 */
async function lockLiveCheckpoint(db: pg.ClientBase, live: string) {
  await db.query(
    `INSERT INTO ${live}.checkpoints (name, position) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING`,
    [PROJECTIONS_CHECKPOINT],
  );
  await db.query(`SELECT position FROM ${live}.checkpoints WHERE name = $1 FOR UPDATE`, [
    PROJECTIONS_CHECKPOINT,
  ]);
}

/**
 * The report summaries are keyed in the operator's zone: had it changed during the rebuild, the
 * copy's days are rebuilt in the live zone (taken with a share lock, as a zone change waits).
 */
async function keepLiveZone(db: pg.ClientBase, live: string) {
  const { rows } = await db.query(
    `SELECT l.zone AS live, s.zone AS copy FROM ${live}.report_summary_zone l
       CROSS JOIN ${SHADOW_SCHEMA}.report_summary_zone s FOR SHARE OF l`,
  );
  if (rows[0] && rows[0].live !== rows[0].copy) await rebuildReportDays(db, rows[0].live);
}
