import { comparePositions } from "@igp/ledger";
import { loadCheckpoint } from "@igp/projections";
import type pg from "pg";

/** How long a caller waits for the read models at most: past it, it goes on as it is. */
const MAX_WAIT_MS = 3_000;
const POLL_MS = 15;
/**
 * While this process' runner commits at least this often, its word is the checkpoint: no read.
 * Quieter than that (no runner here, it stopped, or it lost the workers' lock), PostgreSQL is read.
 */
const LOCAL_FRESH_MS = 250;

interface Waiter {
  target: string;
  deadline: number;
  resolve(reached: boolean): void;
}

/**
 * How far the read models are: waits (bounded) until the projections' checkpoint is at or past a
 * position. Where the runner runs in this process, it tells each checkpoint it commits
 * (`committed`), which answers the waiters at once; else the checkpoint is read from PostgreSQL
 * (the runner is in another process), once per poll for every waiter together, and only while
 * someone waits. Under a stream of joins that read was one statement per 15 ms for nothing.
 */
export class ProjectionsProgress {
  private waiters: Waiter[] = [];
  private polling = false;
  /** The last checkpoint this process' runner committed, and when (epoch ms). */
  private local: { position: string; at: number } | null = null;

  constructor(private readonly pool: pg.Pool) {}

  /** True once the read models hold `target`; false when MAX_WAIT_MS passed first. */
  reach(target: string): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiters.push({ target, deadline: Date.now() + MAX_WAIT_MS, resolve });
      void this.poll();
    });
  }

  /** This process' runner committed the read models up to `position`. */
  committed(position: string) {
    this.local = { position, at: Date.now() };
    this.settle(position, this.local.at);
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.waiters.length > 0) {
        const now = Date.now();
        const checkpoint =
          this.local && now - this.local.at < LOCAL_FRESH_MS
            ? this.local.position
            : await loadCheckpoint(this.pool).catch(() => undefined);
        this.settle(checkpoint, Date.now());
        if (this.waiters.length > 0) await new Promise((wake) => setTimeout(wake, POLL_MS));
      }
    } finally {
      this.polling = false;
    }
  }

  /** Answers the waiters the checkpoint has reached, and those out of time. */
  private settle(checkpoint: string | undefined, now: number) {
    this.waiters = this.waiters.filter((waiter) => {
      const reached = checkpoint !== undefined && comparePositions(checkpoint, waiter.target) >= 0;
      if (!reached && now <= waiter.deadline) return true;
      waiter.resolve(reached);
      return false;
    });
  }
}
