import { comparePositions } from "@igp/ledger";
import { loadCheckpoint } from "@igp/projections";
import type pg from "pg";

/** How long a caller waits for the read models at most: past it, it goes on as it is. */
const MAX_WAIT_MS = 3_000;
const POLL_MS = 15;

interface Waiter {
  target: string;
  deadline: number;
  resolve(reached: boolean): void;
}

/**
 * How far the read models are: waits (bounded) until the projections' checkpoint is at or past a
 * position. The checkpoint is read from PostgreSQL (the runner may be in another process), once
 * per poll for every waiter together, and only while someone waits.
 */
export class ProjectionsProgress {
  private waiters: Waiter[] = [];
  private polling = false;

  constructor(private readonly pool: pg.Pool) {}

  /** True once the read models hold `target`; false when MAX_WAIT_MS passed first. */
  reach(target: string): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiters.push({ target, deadline: Date.now() + MAX_WAIT_MS, resolve });
      void this.poll();
    });
  }

  private async poll() {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.waiters.length > 0) {
        const checkpoint = await loadCheckpoint(this.pool).catch(() => undefined);
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
