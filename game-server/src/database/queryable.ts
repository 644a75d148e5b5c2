import type pg from "pg";

/** A pool or a transaction's client: a write that may run inside a caller's transaction. */
export type Queryable = pg.Pool | pg.ClientBase;
