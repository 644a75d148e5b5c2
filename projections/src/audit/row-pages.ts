/**
 * Rows handed on a page at a time. The audit compares hundreds of thousands of expected rows
 * with the read models' (docs/audit.md, how the audit streams); walked a row at a time through
 * async generators, each row cost a promise and a turn of the microtask queue per layer, about a
 * tenth of the audit's CPU. A page's rows are walked without an await each.
 */
export type Pages<T> = AsyncIterable<readonly T[]>;

/** Rows out of a merge or a join: one page when this many are ready. */
export const PAGE = 1_000;

/** Each page's rows mapped, in order. */
export async function* mapPages<T, U>(pages: Pages<T>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.map(map);
}

/** Rows as [key, value], in the pages' order. */
export function keyed<T, R>(
  pages: Pages<T>,
  key: (row: T) => string,
  value: (row: T) => R,
): AsyncGenerator<[string, R][]> {
  return mapPages(pages, (row): [string, R] => [key(row), value(row)]);
}

/** Rows one at a time out of pages, reading the next page only when one is used up. */
export class PageCursor<T> {
  private page: readonly T[] = [];
  private at = 0;
  private ended = false;
  private readonly source: AsyncIterator<readonly T[]>;

  constructor(pages: Pages<T>) {
    this.source = pages[Symbol.asyncIterator]();
  }

  /** Whether `fill` must be awaited before `head` can be read. */
  get empty(): boolean {
    return !this.ended && this.at >= this.page.length;
  }

  async fill(): Promise<void> {
    while (this.empty) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else [this.page, this.at] = [next.value, 0];
    }
  }

  /** The row at hand (after `fill`), or undefined once every page is read. */
  get head(): T | undefined {
    return this.page[this.at];
  }

  advance() {
    this.at++;
  }
}

/**
 * Two sources in key order walked in step (a merge join): each key once, with the value of
 * each side that has it.
 */
export async function* inStep<A, B>(
  left: Pages<[string, A]>,
  right: Pages<[string, B]>,
): AsyncGenerator<[string, A | undefined, B | undefined][]> {
  const a = new PageCursor(left);
  const b = new PageCursor(right);
  let out: [string, A | undefined, B | undefined][] = [];
  for (;;) {
    if (a.empty) await a.fill();
    if (b.empty) await b.fill();
    const x = a.head;
    const y = b.head;
    if (x === undefined && y === undefined) break;
    if (y === undefined || (x !== undefined && x[0] < y[0])) {
      out.push([x![0], x![1], undefined]);
      a.advance();
    } else if (x === undefined || y[0] < x[0]) {
      out.push([y[0], undefined, y[1]]);
      b.advance();
    } else {
      out.push([x[0], x[1], y[1]]);
      a.advance();
      b.advance();
    }
    if (out.length >= PAGE) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

/** Rows already in hand as one page (none if there are none). */
export async function* onePage<T>(rows: readonly T[]): AsyncGenerator<readonly T[]> {
  if (rows.length > 0) yield rows;
}
