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
  write(db: pg.ClientBase, changes: Map<string, Change>, batch: ProjectionDb): Promise<unknown>;
  /**
   * When it is written among the batch's kinds: 0 (default) for rows the events create, 1 for
   * changes that read or update rows of stage 0 (a round's settlement updates the history rows
   * its stakes created in the same batch). Kinds of one stage go in the order first gathered.
   */
  stage?: 0 | 1;
}

/**
 * What projectors write through inside the runner's transaction. `query` runs at once, after the
 * gathered changes are written, so every statement sees what the events before it did;
 * `accumulate` gathers a change for the end of the batch (or the next `query`), so a batch of
 * hundreds of stakes costs a few statements rather than one per event and projector.
 */
export class ProjectionDb {
  private readonly pending = new Map<Accumulator<never>, Map<string, unknown>>();
  private readonly remembered = new Map<string, Promise<unknown>>();
  private readonly notes = new Set<string>();

  constructor(private readonly client: pg.ClientBase) {}

  /**
   * A value read once per batch (its transaction): the report zone, read with a share lock
   * that holds to the end of the transaction anyway.
   */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let value = this.remembered.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      this.remembered.set(key, value);
    }
    return value;
  }

  /**
   * Notes a fact of the batch whose gathered changes later events must not join: a round closed
   * (its settlement and its players' day sets are gathered for stage 1, so a stake arriving after
   * the closing, which goes back at once, must first let them be written as they were).
   */
  note(fact: string): void {
    this.notes.add(fact);
  }

  /** Whether `fact` was noted since the gathered changes were last written. */
  noted(fact: string): boolean {
    return this.notes.has(fact);
  }

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

  /** The change gathered for `key` since the last write, if any (not yet in the tables). */
  gathered<Change>(accumulator: Accumulator<Change>, key: string): Change | undefined {
    return this.pending.get(accumulator as Accumulator<never>)?.get(key) as Change | undefined;
  }

  /** Writes every gathered change: stage by stage, in the order their kinds were first gathered. */
  async flush(): Promise<void> {
    this.notes.clear();
    for (const stage of [0, 1]) {
      for (const [accumulator, changes] of this.pending) {
        if ((accumulator.stage ?? 0) !== stage) continue;
        this.pending.delete(accumulator);
        await accumulator.write(this.client, changes as Map<string, never>, this);
      }
    }
  }
}

/** The fact noted when a round closes in a batch (ProjectionDb.note). */
export const roundClosed = (roundId: string) => `round-closed:${roundId}`;

/** The gathered changes as statement parameters: their keys, then each field's values. */
export function columns<Change>(changes: Map<string, Change>, fields: (keyof Change)[]) {
  const entries = [...changes];
  return [
    entries.map(([key]) => key),
    ...fields.map((field) => entries.map(([, change]) => change[field])),
  ];
}
