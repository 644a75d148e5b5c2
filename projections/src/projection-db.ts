import type pg from "pg";

/**
 * Changes of one kind that add up (a balance moved twice is moved once by the sum): gathered in
 * memory per key while a batch of events is applied, then written in one statement.
 */
export interface Accumulator<Change> {
  name: string;
  /** The two changes of one key as one. */
  merge(earlier: Change, later: Change): Change;
  /** Writes the gathered changes (one statement, whatever their number). */
  write(db: pg.ClientBase, changes: Map<string, Change>): Promise<unknown>;
}

/**
 * What projectors write through inside the runner's transaction. `query` runs at once, after the
 * gathered changes are written, so every statement sees what the events before it did;
 * `accumulate` gathers a change for the end of the batch (or the next `query`), so a batch of
 * hundreds of stakes costs a few statements rather than one per event and projector.
 */
export class ProjectionDb {
  private readonly pending = new Map<Accumulator<never>, Map<string, unknown>>();

  constructor(private readonly client: pg.ClientBase) {}

  async query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<Row>> {
    await this.flush();
    return this.client.query<Row>(text, values);
  }

  accumulate<Change>(accumulator: Accumulator<Change>, key: string, change: Change): void {
    const changes = (this.pending.get(accumulator as Accumulator<never>) ?? new Map()) as Map<
      string,
      Change
    >;
    const earlier = changes.get(key);
    changes.set(key, earlier === undefined ? change : accumulator.merge(earlier, change));
    this.pending.set(accumulator as Accumulator<never>, changes);
  }

  /** Writes every gathered change, in the order their kinds were first gathered. */
  async flush(): Promise<void> {
    for (const [accumulator, changes] of this.pending) {
      this.pending.delete(accumulator);
      await accumulator.write(this.client, changes as Map<string, never>);
    }
  }
}

/** The gathered changes as statement parameters: their keys, then each field's values. */
export function columns<Change>(changes: Map<string, Change>, fields: (keyof Change)[]) {
  const entries = [...changes];
  return [
    entries.map(([key]) => key),
    ...fields.map((field) => entries.map(([, change]) => change[field])),
  ];
}
