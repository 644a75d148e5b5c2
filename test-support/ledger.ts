import { randomUUID } from "node:crypto";
import pg from "pg";
import {
  CommandHandler,
  type CommandContext,
  createPostgresCheckpointStore,
  createPostgresEventStore,
  type EventStore,
  Ledger,
  LedgerReplay,
  type RecordedEvent,
} from "@igp/ledger";
import { createTestDatabase } from "./database.ts";

/** A ledger on a fresh test database, with helpers to replay and check everything written. */
export async function createTestLedger() {
  const url = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const store = createPostgresEventStore({ pool, idlePollMs: 20 });
  const ledger = new Ledger(new CommandHandler(store));
  return {
    url,
    pool,
    store,
    ledger,
    checkpoints: createPostgresCheckpointStore(pool),
    /** A second, independent writer: its own pool, cache and queue, like another process. */
    async otherProcess() {
      const otherPool = new pg.Pool({ connectionString: url, max: 20 });
      const otherStore = createPostgresEventStore({ pool: otherPool });
      return { ledger: new Ledger(new CommandHandler(otherStore)), close: () => otherPool.end() };
    },
    async replay() {
      return new LedgerReplay().applyAll(await readEverything(store));
    },
    close: () => pool.end(),
  };
}

export async function readEverything(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let after: string | undefined; ; ) {
    const batch = await store.readAll({ after, maxCount: 2000 });
    if (batch.length === 0) return all;
    all.push(...batch);
    after = batch.at(-1)!.position;
  }
}

export function actor(role: CommandContext["actor"]["role"], userId: string = randomUUID()) {
  return { userId, role };
}

export function ctx(role: CommandContext["actor"]["role"], userId?: string): CommandContext {
  return { actor: actor(role, userId), at: new Date().toISOString(), requestId: randomUUID() };
}
