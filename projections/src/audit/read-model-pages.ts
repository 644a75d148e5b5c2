import type pg from "pg";

/** One read model as the audit pages through it: its rows in key order, by keyset. */
export interface KeyedTable {
  /** The columns read, the key's among them. */
  select: string;
  from: string;
  /** The key's columns, in order (a composite key compares as a tuple). */
  key: string[];
  /** Rows grouped by the key (a sum per key): the page's GROUP BY. */
  grouped?: boolean;
}

/**
 * The read models' rows, a page of `pageSize` at a time in the key's "C" order (bytes, as
 * the expected side sorts: sorted-rows.ts), each page asked for after the last key of the one
 * before (keyset pagination: an index range, never an offset), in the audit's snapshot; the next
 * page is asked for as soon as one arrives, so PostgreSQL reads it while the caller works. On a
 * database whose collation is "C" (the embedded one) the key's index gives the order; on another
 * the key is compared with COLLATE "C", which PostgreSQL sorts for each page.
 */
export class ReadModelPages {
  private collate: string | undefined;

  constructor(
    readonly db: pg.ClientBase,
    private readonly pageSize: number,
  ) {}

  async *pages(table: KeyedTable): AsyncGenerator<Record<string, unknown>[]> {
    const collate = await this.collation();
    const keys = table.key.map((column) => `${column}${collate}`);
    const grouped = table.grouped ? `GROUP BY ${table.key.join(", ")}` : "";
    const page = (after: unknown[] | null) =>
      this.db.query<Record<string, unknown>>(
        `SELECT ${table.select} FROM ${table.from}
          ${after ? `WHERE (${keys.join(", ")}) > (${after.map((_, i) => `$${i + 2}`).join(", ")})` : ""}
          ${grouped} ORDER BY ${keys.join(", ")} LIMIT $1`,
        [this.pageSize, ...(after ?? [])],
      );
    for (let next = page(null); ; ) {
      const { rows } = await next;
      const full = rows.length === this.pageSize;
      if (full) {
        // Read ahead: PostgreSQL finds the next page while the caller compares this one.
        const last = rows.at(-1)!;
        next = page(table.key.map((column): unknown => last[column]));
        next.catch(() => {}); // reported when awaited
      }
      if (rows.length > 0) yield rows;
      if (!full) return;
    }
  }

  private async collation(): Promise<string> {
    if (this.collate === undefined) {
      const { rows } = await this.db.query(
        "SELECT datcollate FROM pg_database WHERE datname = current_database()",
      );
      this.collate = ["C", "POSIX"].includes(rows[0]?.datcollate) ? "" : ' COLLATE "C"';
    }
    return this.collate;
  }
}
