import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, sleep } from "@igp/test-support/server-process.ts";
import { PG_MIGRATE_LOCK_ID } from "node-pg-migrate";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDatabase, dropDatabase } from "../../src/database/create-database.ts";
import { MIGRATION_DIRS } from "../../src/database/migrate.ts";

/**
 * `npm run migrate` racing another (issue 33: the compose file's one-shot migrate run twice, or
 * an app starting while it runs): one applies the migrations, the other waits for its lock and
 * finds nothing left to do; both exit cleanly and every migration is applied once.
 */
describe("two migrates at once", () => {
  const created: string[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const name of created) await dropDatabase(inject("pgAdminUrl"), name).catch(() => {});
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  /** An empty database: every migration pending. */
  const emptyDatabase = async () => {
    const name = `t_migrate_${randomBytes(5).toString("hex")}`;
    created.push(name);
    return createDatabase(inject("pgAdminUrl"), name);
  };

  /** `npm run migrate` on a database, as a process of its own: its exit code and output. */
  const migrate = async (databaseUrl: string) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "igp-migrate-"));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, ["--import", "tsx", "game-server/src/cli/migrate.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    return { child, exited, output: () => output };
  };

  const appliedOnce = async (databaseUrl: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query("SELECT name FROM schema_migrations ORDER BY name");
    await client.end();
    let files = 0;
    for (const dir of MIGRATION_DIRS)
      files += (await readdir(dir)).filter((file) => file.endsWith(".sql")).length;
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    expect(rows).toHaveLength(files);
  };

  it("the second waits for the first one's lock, then finds nothing to do", async () => {
    const url = await emptyDatabase();
    // The first migrate, mid-way: its lock held.
    const first = new pg.Client({ connectionString: url });
    await first.connect();
    await first.query("SELECT pg_advisory_lock($1)", [PG_MIGRATE_LOCK_ID]);
    const second = await migrate(url);
    await sleep(3_000);
    expect(second.child.exitCode).toBeNull(); // waiting, not failed
    await first.query("SELECT pg_advisory_unlock($1)", [PG_MIGRATE_LOCK_ID]);
    await first.end();
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain("Migrations are up to date.");
    await appliedOnce(url);
  }, 60_000);

  it("two started together on an empty database: both exit cleanly, each migration applied once", async () => {
    const url = await emptyDatabase();
    const runs = [await migrate(url), await migrate(url)];
    const codes = await Promise.all(runs.map((run) => run.exited));
    expect(codes, runs.map((run) => run.output()).join("\n")).toEqual([0, 0]);
    await appliedOnce(url);
  }, 60_000);
});
