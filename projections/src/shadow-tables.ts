import type pg from "pg";
import { PROJECTIONS_CHECKPOINT } from "./projection-runner.ts";

/**
 * A copy of the read models' tables in a schema of its own, where a rebuild writes while the
 * live tables keep serving (rebuild.ts), and the switch that puts the copy in their place.
 */
export const SHADOW_SCHEMA = "projections_rebuild";

/**
 * Tables the projectors read that are not theirs to empty but travel with them: the zone the
 * report summaries are keyed in (copied with its row, and switched with the summaries).
 */
const COPIED_WITH_ROWS = ["report_summary_zone"];

type Db = pg.ClientBase | pg.Pool;

/**
 * An empty copy of each table: columns, defaults, checks, primary keys and unique constraints
 * (the projectors' upserts need them) under the live names; the readers' other indexes come
 * once the rows are in (indexShadowTables). And the copy's own checkpoint.
 */
export async function createShadowTables(db: Db, live: string, tables: string[]) {
  await dropShadow(db);
  await db.query(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
  for (const table of [...tables, ...COPIED_WITH_ROWS]) {
    await db.query(
      `CREATE TABLE ${SHADOW_SCHEMA}.${table} (LIKE ${live}.${table}
         INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING STORAGE)`,
    );
    const { rows } = await db.query<{ name: string; definition: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = $1::regclass AND contype IN ('p', 'u')`,
      [`${live}.${table}`],
    );
    for (const constraint of rows)
      await db.query(
        `ALTER TABLE ${SHADOW_SCHEMA}.${table} ADD CONSTRAINT ${constraint.name} ${constraint.definition}`,
      );
  }
  for (const table of COPIED_WITH_ROWS)
    await db.query(`INSERT INTO ${SHADOW_SCHEMA}.${table} SELECT * FROM ${live}.${table}`);
  await db.query(
    `CREATE TABLE ${SHADOW_SCHEMA}.checkpoints (LIKE ${live}.checkpoints INCLUDING ALL)`,
  );
}

/** The live tables' other indexes, under their names, on the copy (built once, on full tables). */
export async function indexShadowTables(db: Db, live: string, tables: string[]) {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = $1 AND i.tablename = ANY($2::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [live, [...tables, ...COPIED_WITH_ROWS]],
  );
  for (const index of rows) {
    const onCopy = index.definition
      .replace(/^CREATE (UNIQUE )?INDEX \S+ ON /, `CREATE $1INDEX IF NOT EXISTS ${index.name} ON `)
      .replace(` ON ${live}.`, ` ON ${SHADOW_SCHEMA}.`);
    await db.query(onCopy);
  }
}

/** Where the copy stands: null when there is none (or it never got a checkpoint schema). */
export async function shadowPosition(db: Db): Promise<string | undefined | null> {
  const { rows } = await db.query("SELECT to_regclass($1) IS NOT NULL AS exists", [
    `${SHADOW_SCHEMA}.checkpoints`,
  ]);
  if (!rows[0].exists) return null;
  const saved = await db.query(
    `SELECT position FROM ${SHADOW_SCHEMA}.checkpoints WHERE name = $1`,
    [PROJECTIONS_CHECKPOINT],
  );
  return saved.rows[0]?.position ?? undefined;
}

/**
 * Inside the caller's transaction: the live tables dropped and the copy moved in their place,
 * names, constraints and indexes included. Readers wait on the tables' locks until it commits.
 */
export async function switchToShadow(db: Db, live: string, tables: string[]) {
  const all = [...tables, ...COPIED_WITH_ROWS];
  await db.query(
    `LOCK TABLE ${all.map((table) => `${live}.${table}`).join(", ")} IN ACCESS EXCLUSIVE MODE`,
  );
  await db.query(`DROP TABLE ${all.map((table) => `${live}.${table}`).join(", ")}`);
  for (const table of all)
    await db.query(`ALTER TABLE ${SHADOW_SCHEMA}.${table} SET SCHEMA ${live}`);
  await dropShadow(db);
}

export async function dropShadow(db: Db) {
  await db.query(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
}
