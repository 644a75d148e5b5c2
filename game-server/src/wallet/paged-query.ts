import { CODE_ALPHABET, CODE_LENGTH } from "@igp/shared";
import type pg from "pg";

/** Rows per page of every back-office list. */
export const PAGE_SIZE = 20;

export const totalPages = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/**
 * A paged list query built from only the filters in use: a `WHERE` with generic
 * "($1 IS NULL OR …)" conditions keeps PostgreSQL from using the indexes.
 */
export class PagedQuery {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  /**
   * Adds a condition; each `$?` in it stands for the next of `values` (search text goes through
   * `containing` for ILIKE).
   */
  where(condition: string, ...values: unknown[]): this {
    const slots = condition.split("$?");
    if (slots.length - 1 !== values.length)
      throw new Error(`"${condition}" has ${slots.length - 1} $? for ${values.length} values`);
    this.conditions.push(
      slots.reduce((sql, part, index) => `${sql}$${this.params.push(values[index - 1])}${part}`),
    );
    return this;
  }

  get clause(): string {
    return this.conditions.length > 0 ? `WHERE ${this.conditions.join(" AND ")}` : "";
  }

  /** Runs the page and the total count side by side. */
  async run(db: pg.Pool, select: string, from: string, orderBy: string, page: number) {
    const [{ rows }, counted] = await Promise.all([
      db.query(
        `SELECT ${select} ${from} ${this.clause} ORDER BY ${orderBy} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
        this.params,
      ),
      db.query(`SELECT count(*)::int AS n ${from} ${this.clause}`, this.params),
    ]);
    return { rows, total: counted.rows[0].n as number };
  }
}

/** Codes and transaction ids are searched exactly; anything else as part of a player's name. */
export function looksLikeCode(search: string): boolean {
  return /^[A-Za-z0-9_-]{4,40}$/.test(search) && /\d/.test(search);
}

/** A word of the codes' alphabet and length, e.g. a code without a digit (or a short name). */
export function couldBeCode(search: string): boolean {
  const upper = search.toUpperCase();
  return upper.length === CODE_LENGTH && [...upper].every((c) => CODE_ALPHABET.includes(c));
}
