import type pg from "pg";

export interface AppendRequest {
  streamId: string;
  expected: number;
  bodies: string[];
}

/** Where one stream's events were stored. */
export interface Stored {
  nextRevision: number;
  position: string;
}

/**
 * What the database did with a group of appends (one, or several streams all or none): stored
 * every append, or stored nothing because the append at `index` found another revision.
 */
export type GroupOutcome =
  | { stored: true; results: Stored[] }
  | { stored: false; index: number; actualRevision: number };

interface Queued {
  requests: AppendRequest[];
  resolve(outcome: GroupOutcome): void;
  reject(error: unknown): void;
}

const APPEND_ONE = {
  name: "ledger_append_one",
  text: "SELECT next_revision, last_position, actual_revision FROM ledger_append_one($1, $2, $3)",
};
const APPEND_BATCH = {
  name: "ledger_append_batch",
  text: "SELECT item, next_revision, last_position, actual_revision FROM ledger_append_batch($1, $2, $3, $4, $5) ORDER BY item",
};

type OutcomeRow = {
  next_revision: string | null;
  last_position: string | null;
  actual_revision: string | null;
};

/**
 * Opportunistic group commit. While fewer than `maxInFlight` transactions are running, an append
 * goes straight to the database; beyond that, appends wait and leave together, to distinct
 * streams, in one transaction (one commit, one round trip). Light load sees no added latency;
 * heavy load stops paying a commit per append. A group of appends to several streams (a
 * multi-stream append) travels as one item, all or none. If a batch fails as a whole (a unique
 * violation from a concurrent writer, a group that did not match), its items are retried one by
 * one so each gets its own answer.
 */
export class AppendBatcher {
  private readonly queue: Queued[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 64,
  ) {}

  /** Appends to distinct streams, all or none (a single append is a group of one). */
  append(requests: AppendRequest[]): Promise<GroupOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ requests, resolve, reject });
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

  /** Up to maxBatch queued items, at most one append per stream (the rest keep their order). */
  private takeBatch(): Queued[] {
    const batch: Queued[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.maxBatch; ) {
      const item = this.queue[i]!;
      if (item.requests.some((request) => streams.has(request.streamId))) {
        i++;
        continue;
      }
      for (const request of item.requests) streams.add(request.streamId);
      batch.push(item);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async send(batch: Queued[]) {
    if (batch.length === 1) return this.sendOne(batch[0]!);
    try {
      const rows = await this.appendBatch(batch);
      let row = 0;
      for (const item of batch) {
        item.resolve(toGroupOutcome(rows.slice(row, row + item.requests.length)));
        row += item.requests.length;
      }
    } catch {
      for (const item of batch) await this.sendOne(item);
    }
  }

  private async sendOne(item: Queued) {
    try {
      if (item.requests.length > 1)
        return item.resolve(toGroupOutcome(await this.appendBatch([item])));
      const [request] = item.requests as [AppendRequest];
      const { rows } = await this.pool.query({
        ...APPEND_ONE,
        values: [request.streamId, request.expected, request.bodies],
      });
      item.resolve(toGroupOutcome(rows));
    } catch (error) {
      const refused = groupRefusal(error);
      if (refused) item.resolve(refused);
      else item.reject(error);
    }
  }

  /** The items' appends in one transaction; a row per append, in order. */
  private async appendBatch(batch: Queued[]): Promise<OutcomeRow[]> {
    const requests = batch.flatMap((item) => item.requests);
    const { rows } = await this.pool.query<OutcomeRow>({
      ...APPEND_BATCH,
      values: [
        requests.map((request) => request.streamId),
        requests.map((request) => request.expected),
        requests.map((request) => request.bodies.length),
        requests.flatMap((request) => request.bodies),
        batch.flatMap((item) => item.requests.map(() => item.requests.length > 1)),
      ],
    });
    return rows;
  }
}

/** The rows of one group's appends: all stored, or the first that found another revision. */
function toGroupOutcome(rows: OutcomeRow[]): GroupOutcome {
  const index = rows.findIndex((row) => row.next_revision === null);
  if (index >= 0)
    return { stored: false, index, actualRevision: Number(rows[index]!.actual_revision) };
  return {
    stored: true,
    results: rows.map((row) => ({
      nextRevision: Number(row.next_revision),
      position: row.last_position!,
    })),
  };
}

/** A group sent alone that did not match: the database names its append (LG409, see the migration). */
function groupRefusal(error: unknown): GroupOutcome | null {
  const pgError = error as { code?: string; detail?: string };
  const match = pgError.code === "LG409" ? /^(\d+):(-?\d+)$/.exec(pgError.detail ?? "") : null;
  if (!match) return null;
  return { stored: false, index: Number(match[1]) - 1, actualRevision: Number(match[2]) };
}
