import { randomUUID } from "node:crypto";
import { RequestCodes } from "@igp/game-server";
import {
  type CommandContext,
  CommandHandler,
  createPgPool,
  createPostgresCheckpointStore,
  createPostgresEventStore,
  type EventStore,
  Ledger,
  LedgerReplay,
  type RecordedEvent,
  walletStream,
} from "@igp/ledger";
import type pg from "pg";
import { createTestDatabase } from "./database.ts";

/** Deposit and withdraw codes as the server keeps them, under a test secret. */
export const testCodes = new RequestCodes("test-code-secret-of-at-least-32-characters");

/** A code as staff type it, ready for the ledger's approvals. */
export const presented = (code: string) => testCodes.present(code);

/** A ledger on a fresh test database, with helpers to replay and check everything written. */
export async function createTestLedger() {
  const url = await createTestDatabase();
  const pool = createPgPool(url, 20);
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
      const otherPool = createPgPool(url, 20);
      const otherStore = createPostgresEventStore({ pool: otherPool });
      return { ledger: new Ledger(new CommandHandler(otherStore)), close: () => otherPool.end() };
    },
    async replay() {
      return new LedgerReplay().applyAll(await readEverything(store, pool));
    },
    close: () => pool.end(),
  };
}

/**
 * Every committed event, in global order. Global readers stop below the oldest transaction still
 * running anywhere on the server (another test file's, say), so this waits until the reader has
 * seen as many events as the table holds.
 */
export async function readEverything(store: EventStore, pool: pg.Pool): Promise<RecordedEvent[]> {
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM ledger_events");
  const all: RecordedEvent[] = [];
  const deadline = Date.now() + 15_000;
  for (let after: string | undefined; ; ) {
    const batch = await store.readAll({ after, maxCount: 2000 });
    all.push(...batch);
    after = batch.at(-1)?.position ?? after;
    if (batch.length > 0) continue;
    if (all.length >= rows[0].n || Date.now() > deadline) return all;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function actor(role: CommandContext["actor"]["role"], userId: string = randomUUID()) {
  return { userId, role };
}

export function ctx(role: CommandContext["actor"]["role"], userId?: string): CommandContext {
  return { actor: actor(role, userId), at: new Date().toISOString(), requestId: randomUUID() };
}

/** A bank deposit of `amountMinor` to a player, requested and approved: real money in. */
export async function approvedBankDeposit(
  ledger: Ledger,
  userId: string,
  amountMinor: number,
  screenshot = "proof.png",
) {
  const depositId = await requestedBankDeposit(ledger, userId, amountMinor, screenshot);
  await ledger.deposits.approveBank(depositId, ctx("superAdmin"));
}

/** A bank deposit of `amountMinor` requested by the player, not decided yet; its id. */
export async function requestedBankDeposit(
  ledger: Ledger,
  userId: string,
  amountMinor: number,
  screenshot = "proof.png",
) {
  const depositId = randomUUID();
  await ledger.deposits.request(
    {
      depositId,
      userId,
      method: "bank",
      amount: amountMinor,
      depositCode: `B${depositId.slice(0, 6)}`,
      bankName: "CBE",
      accountNumber: "1000",
      transactionId: `FT${depositId.slice(0, 8)}`,
      screenshot,
    },
    ctx("user", userId),
  );
  return depositId;
}

/**
 * Changes one stored event's data as an attacker with superuser rights would: with triggers off,
 * behind the append-only trigger's back. `field` of the first (or last) event of `type`.
 */
export async function tamperWithEvent(
  pool: pg.Pool,
  change: { type: string; field: string; value: number; which: "first" | "last" },
) {
  const db = await pool.connect();
  try {
    await db.query("SET session_replication_role = replica");
    await db.query(
      `UPDATE ledger_events SET data = jsonb_set(data, ARRAY[$2::text], to_jsonb($3::bigint))
        WHERE global_position = (SELECT ${change.which === "first" ? "min" : "max"}(global_position)
                                   FROM ledger_events WHERE type = $1)`,
      [change.type, change.field, change.value],
    );
  } finally {
    await db.query("RESET session_replication_role");
    db.release();
  }
}

/** A wallet's two balances, without its safer-play state (limits, windows): what tests compare. */
export async function balancesIn(
  handler: Pick<CommandHandler, "load">,
  userId: string,
): Promise<{ main: number; bonus: number }> {
  const { main, bonus } = await handler.load<{ main: number; bonus: number }>(walletStream(userId));
  return { main, bonus };
}
