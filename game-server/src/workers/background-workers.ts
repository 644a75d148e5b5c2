import {
  createPostgresCheckpointStore,
  type EventStore,
  type Ledger,
  TransferReactor,
} from "@igp/ledger";
import { ProjectionRunner } from "@igp/projections";
import type pg from "pg";

/** One lock for all background workers: one process runs them (docs/architecture.md, realtime). */
const WORKERS_LOCK = 7_340_001;
const RETRY_MS = 5_000;

type Log = (message: string, error?: unknown) => void;

/** A worker that runs only in the process holding the workers' lock. */
export interface Worker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the projection runner, the transfer reactor and the `more` workers (the Telegram
 * notices' outbox) while this process holds the workers' advisory lock; a process that does not
 * get it stands by and tries again.
 */
export class BackgroundWorkers {
  private lockClient: pg.PoolClient | null = null;
  private running: { stop(): Promise<void> }[] = [];
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly ledger: Ledger,
    private readonly log: Log,
    private readonly more: Worker[] = [],
    /** Told each checkpoint the projections commit here (workers/projections-progress.ts). */
    private readonly onProjected?: (position: string) => void,
  ) {}

  get active(): boolean {
    return this.running.length > 0;
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    try {
      if (await this.acquireLock()) return await this.startWorkers();
      this.log("Background workers run in another process; standing by.");
    } catch (error) {
      this.log("Could not start the background workers; retrying.", error);
      await this.releaseLock();
    }
    this.retry = setTimeout(() => void this.start(), RETRY_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await Promise.all(this.running.map((worker) => worker.stop()));
    this.running = [];
    await this.releaseLock();
  }

  private async acquireLock(): Promise<boolean> {
    const client = await tryWorkersLock(this.pool);
    if (!client) return false;
    // Losing this connection loses the lock: stop the workers and compete for it again.
    client.on("error", (error) => void this.lostLock(error));
    this.lockClient = client;
    return true;
  }

  private async startWorkers() {
    const onError = (error: unknown) => this.log("Background worker error.", error);
    const projections = new ProjectionRunner(this.store, this.pool, {
      onError,
      onCommitted: this.onProjected,
    });
    const reactor = new TransferReactor(
      this.store,
      this.ledger,
      createPostgresCheckpointStore(this.pool),
      {
        onError,
      },
    );
    await projections.start();
    await reactor.start();
    this.running = [projections, reactor];
    this.log("Background workers started: projections, transfer reactor.");
    for (const worker of this.more) {
      await worker.start();
      this.running.push(worker);
    }
  }

  private async lostLock(error: unknown) {
    this.log("Lost the background workers' lock.", error);
    await Promise.all(this.running.map((worker) => worker.stop()));
    this.running = [];
    this.lockClient?.release(true);
    this.lockClient = null;
    if (!this.stopped) this.retry = setTimeout(() => void this.start(), RETRY_MS);
  }

  private async releaseLock() {
    if (!this.lockClient) return;
    const client = this.lockClient;
    this.lockClient = null;
    try {
      await client.query("SELECT pg_advisory_unlock($1)", [WORKERS_LOCK]);
      client.release();
    } catch {
      client.release(true);
    }
  }
}

/** A connection holding the workers' lock, or null when another process holds it. */
export async function tryWorkersLock(pool: pg.Pool): Promise<pg.PoolClient | null> {
  const client = await pool.connect();
  const { rows } = await client.query("SELECT pg_try_advisory_lock($1) AS locked", [WORKERS_LOCK]);
  if (rows[0].locked) return client;
  client.release();
  return null;
}
