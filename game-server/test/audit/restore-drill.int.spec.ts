import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CommandHandler,
  createPgPool,
  createPostgresEventStore,
  type EventStore,
  Ledger,
  type StreamHead,
} from "@igp/ledger";
import { auditLedger, rebuildProjections } from "@igp/projections";
import { LEDGER_STREAM_KINDS } from "@igp/shared";
import { freePort } from "@igp/test-support/global-setup.ts";
import { approvedBankDeposit } from "@igp/test-support/ledger.ts";
import { generateLedgerActivity } from "@igp/test-support/ledger-activity.ts";
import { afterAll, describe, expect, it } from "vitest";
import { restoreBaseBackup, takeBaseBackup } from "../../src/backup/base-backup.ts";
import { dumpDatabase, restoreDump } from "../../src/backup/dump.ts";
import { createDatabase, dropDatabase, withDatabase } from "../../src/database/create-database.ts";
import {
  type EmbeddedDatabase,
  startEmbeddedPostgres,
} from "../../src/database/embedded-postgres.ts";
import { migrateUp } from "../../src/database/migrate.ts";
import { fairActivity } from "./fair-activity.ts";

/**
 * The restore drill (docs/deploy.md, Backups): a database holding a real ledger (deposits,
 * rounds, withdrawals, a lottery, their read models) is backed up, restored into a fresh one,
 * and the audit (its public entry point) gives the same verdict and figures there, and every
 * stream the same head hash.
 */
const work = await mkdtemp(path.join(tmpdir(), "igp-drill-"));
const servers: EmbeddedDatabase[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  await rm(work, { recursive: true, force: true });
});

function open(url: string) {
  const pool = createPgPool(url, 8);
  const store = createPostgresEventStore({ pool, idlePollMs: 20 });
  return { pool, store, close: () => pool.end() };
}

/** The ledger of the drill, and its read models brought up to date. */
async function seed(url: string) {
  await migrateUp(url);
  const { pool, store, close } = open(url);
  const ledger = new Ledger(new CommandHandler(store));
  await generateLedgerActivity(ledger);
  await fairActivity(ledger, 8);
  await rebuildProjections(store, pool);
  await close();
}

/** What must survive: the audit's report and every stream's head. */
async function snapshot(url: string) {
  const { pool, store, close } = open(url);
  try {
    const report = await auditLedger(store, pool);
    return { report, heads: await allHeads(store) };
  } finally {
    await close();
  }
}

async function allHeads(store: EventStore): Promise<StreamHead[]> {
  const heads: StreamHead[] = [];
  for (const kind of LEDGER_STREAM_KINDS)
    heads.push(...(await store.listStreams({ prefix: `${kind}-`, limit: 1_000_000 })).streams);
  return heads;
}

function expectSame(
  restored: Awaited<ReturnType<typeof snapshot>>,
  original: Awaited<ReturnType<typeof snapshot>>,
) {
  expect(original.report.problems).toEqual([]); // the original's verdict: OK
  expect(original.report.fairRounds).toBeGreaterThan(0);
  expect(original.report.streams.round).toBeGreaterThan(0);
  expect(restored.report).toEqual(original.report);
  expect(restored.heads.length).toBeGreaterThan(10);
  expect(restored.heads).toEqual(original.heads);
}

describe("restore drill", () => {
  it("the embedded database: a base backup taken while it runs restores into a fresh data directory", async () => {
    const source = await startEmbeddedPostgres({
      dataDir: path.join(work, "source"),
      port: await freePort(),
    });
    servers.push(source);
    const url = await createDatabase(source.url, "igp");
    await seed(url);
    const original = await snapshot(url);

    const backup = path.join(work, "backup");
    await takeBaseBackup({ adminUrl: source.url, dataDir: path.join(work, "source"), out: backup });
    // Written after the backup: not in it.
    const later = open(url);
    await approvedBankDeposit(new Ledger(new CommandHandler(later.store)), randomUUID(), 5_000);
    await later.close();

    const restoredDir = path.join(work, "restored");
    await restoreBaseBackup({ from: backup, dataDir: restoredDir });
    const restored = await startEmbeddedPostgres({ dataDir: restoredDir, port: await freePort() });
    servers.push(restored);
    expectSame(await snapshot(withDatabase(restored.url, "igp")), original);
  }, 300_000);

  it.skipIf(!process.env.DATABASE_URL)(
    "an external database (DATABASE_URL): pg_dump, pg_restore into a new database",
    async () => {
      const adminUrl = process.env.DATABASE_URL!;
      const names = [0, 1].map(() => `igp_drill_${randomBytes(5).toString("hex")}`);
      try {
        const url = await createDatabase(adminUrl, names[0]!);
        await seed(url);
        const original = await snapshot(url);
        const file = path.join(work, "igp.dump");
        await dumpDatabase(url, file);
        const fresh = await createDatabase(adminUrl, names[1]!);
        await restoreDump(file, fresh);
        expectSame(await snapshot(fresh), original);
      } finally {
        for (const name of names) await dropDatabase(adminUrl, name).catch(() => {});
      }
    },
    300_000,
  );
});
