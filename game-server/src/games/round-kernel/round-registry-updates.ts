import type pg from "pg";

/** What a round's registry row changes to: its status and seats, and once drawn its result. */
export interface RegistryChange {
  status: string;
  players: unknown[];
  outcome?: unknown;
  serverSeed?: string | null;
}

interface Pending {
  change: RegistryChange;
  waiters: { resolve(): void; reject(error: unknown): void }[];
}

const UPDATE_MANY = `UPDATE game_rounds g SET status = c.status, players = c.players,
    outcome = COALESCE(c.outcome, g.outcome), server_seed = COALESCE(c.server_seed, g.server_seed),
    closed_at = CASE WHEN c.status IN ('finished', 'expired') THEN now() END
  FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::jsonb[], $5::text[])
    AS c(round_id, status, players, outcome, server_seed)
  WHERE g.round_id = c.round_id`;

/**
 * Registry updates of many rounds at once (a burst of joins: one per seat taken) leave together,
 * one statement per turn of the event loop, instead of a query each queueing for the pool's
 * connections. One statement runs at a time, so a round's changes land in the order they were
 * made; two changes of one round waiting together are merged in that order. Each caller's
 * promise settles when its change is stored.
 */
export class RegistryUpdates {
  private pending = new Map<string, Pending>();
  private scheduled = false;
  private running = false;

  constructor(private readonly pool: pg.Pool) {}

  update(roundId: string, change: RegistryChange): Promise<void> {
    return new Promise((resolve, reject) => {
      const earlier = this.pending.get(roundId);
      const merged: RegistryChange = earlier
        ? {
            ...change,
            outcome: change.outcome ?? earlier.change.outcome,
            serverSeed: change.serverSeed ?? earlier.change.serverSeed,
          }
        : change;
      const waiters = [...(earlier?.waiters ?? []), { resolve, reject }];
      this.pending.set(roundId, { change: merged, waiters });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush() {
    const batch = [...this.pending];
    this.pending = new Map();
    this.running = true;
    try {
      await this.pool.query(UPDATE_MANY, [
        batch.map(([roundId]) => roundId),
        batch.map(([, { change }]) => change.status),
        batch.map(([, { change }]) => JSON.stringify(change.players)),
        batch.map(([, { change }]) =>
          change.outcome != null ? JSON.stringify(change.outcome) : null,
        ),
        batch.map(([, { change }]) => change.serverSeed ?? null),
      ]);
      for (const [, { waiters }] of batch) for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const [, { waiters }] of batch) for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.running = false;
      if (this.pending.size > 0) this.schedule();
    }
  }
}
