import { createKurrentDbEventStore, createPostgresEventStore, type EventStore } from "@igp/ledger";
import type pg from "pg";
import type { Config } from "../config/config.ts";

/** The configured event store: PostgreSQL (default, shares the pool) or KurrentDB. */
export function createEventStore(
  config: Pick<Config, "EVENT_STORE" | "KURRENTDB_URL">,
  pool: pg.Pool,
): EventStore {
  if (config.EVENT_STORE === "kurrentdb") {
    return createKurrentDbEventStore({ connectionString: config.KURRENTDB_URL! });
  }
  return createPostgresEventStore({ pool });
}
