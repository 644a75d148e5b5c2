import type { Pages } from "./row-pages.ts";

/**
 * Problems as the audit lists them: the first `max` kept in the order found, the rest counted
 * ("… and N more"), so a ledger or read model wrong everywhere does not fill the memory.
 */
export class ProblemList {
  private readonly kept: string[] = [];
  private more = 0;

  constructor(private readonly max: number) {}

  push(...problems: string[]) {
    for (const problem of problems)
      if (this.kept.length < this.max) this.kept.push(problem);
      else this.more++;
  }

  /** A list of its own with the same bound, to append later. */
  empty(): ProblemList {
    return new ProblemList(this.max);
  }

  /** Another list's problems after this one's. */
  append(other: ProblemList) {
    this.push(...other.kept);
    this.more += other.more;
  }

  get size(): number {
    return this.kept.length + this.more;
  }

  list(): string[] {
    return this.more > 0 ? [...this.kept, `… and ${this.more} more`] : [...this.kept];
  }
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Each key of two sides walked in step (read-model-pages.ts, `inStep`) whose values differ, or
 * that one side lacks (unless its value counts as empty), as problems of `what`.
 */
export async function differencesInStep<V>(
  what: string,
  pairs: Pages<[string, V | undefined, V | undefined]>,
  isEmpty: (v: V) => boolean,
  problems: ProblemList,
) {
  for await (const page of pairs)
    for (const [key, want, have] of page) {
      if (want === undefined) {
        if (!isEmpty(have!))
          problems.push(`${what} ${key}: in the projection only (${json(have)})`);
      } else if (have === undefined ? !isEmpty(want) : json(have) !== json(want)) {
        problems.push(`${what} ${key}: projection ${json(have ?? null)}, ledger ${json(want)}`);
      }
    }
}
