import type pg from "pg";

export interface AppendRequest {
  streamId: string;
  expected: number;
  bodies: string[];
}

/** What the database did with one append: stored it, or found another revision. */
export type AppendOutcome =
  | { stored: true; nextRevision: number; position: string }
  | { stored: false; actualRevision: number };

interface Queued extends AppendRequest {
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
}

const APPEND_ONE = {
  name: "ledger_append_one",
  text: "SELECT next_revision, last_position, actual_revision FROM ledger_append_one($1, $2, $3)",
};
const APPEND_BATCH = {
  name: "ledger_append_batch",
  text: "SELECT item, next_revision, last_position, actual_revision FROM ledger_append_batch($1, $2, $3, $4) ORDER BY item",
};

/**
 * Opportunistic group commit. While fewer than `maxInFlight` transactions are running, an append
 * goes straight to the database; beyond that, appends wait and leave together, to distinct
 * streams, in one transaction (one commit, one round trip). Light load sees no added latency;
 * heavy load stops paying a commit per append. If a batch fails as a whole (a unique violation
 * from a concurrent writer), its appends are retried one by one so each gets its own answer.
 */
export class AppendBatcher {
  private readonly queue: Queued[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 64,
  ) {}

  append(request: AppendRequest): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, resolve, reject });
      this.drain();
    });
  }

  private drain() {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  /** Up to maxBatch queued appends, at most one per stream (the rest keep their order). */
  private takeBatch(): Queued[] {
    const batch: Queued[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.maxBatch; ) {
      const item = this.queue[i]!;
      if (streams.has(item.streamId)) {
        i++;
        continue;
      }
      streams.add(item.streamId);
      batch.push(item);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async send(batch: Queued[]) {
    if (batch.length === 1) return this.sendOne(batch[0]!);
    try {
      const { rows } = await this.pool.query({
        ...APPEND_BATCH,
        values: [
          batch.map((item) => item.streamId),
          batch.map((item) => item.expected),
          batch.map((item) => item.bodies.length),
          batch.flatMap((item) => item.bodies),
        ],
      });
      for (const [index, item] of batch.entries()) item.resolve(toOutcome(rows[index]));
    } catch {
      for (const item of batch) await this.sendOne(item);
    }
  }

  private async sendOne(item: Queued) {
    try {
      const { rows } = await this.pool.query({
        ...APPEND_ONE,
        values: [item.streamId, item.expected, item.bodies],
      });
      item.resolve(toOutcome(rows[0]));
    } catch (error) {
      item.reject(error);
    }
  }
}

function toOutcome(row: {
  next_revision: string | null;
  last_position: string | null;
  actual_revision: string | null;
}): AppendOutcome {
  if (row.next_revision === null)
    return { stored: false, actualRevision: Number(row.actual_revision) };
  return { stored: true, nextRevision: Number(row.next_revision), position: row.last_position! };
}
