import { fileURLToPath } from "node:url";
import { runner } from "node-pg-migrate";

/** Each package owns its migrations; one history table keeps them in file-name order. */
export const MIGRATION_DIRS = ["ledger", "projections", "game-server"].map((pkg) =>
  fileURLToPath(new URL(`../../../${pkg}/migrations`, import.meta.url)),
);

/**
 * Applies the pending migrations. Whoever migrates holds node-pg-migrate's advisory lock; a
 * second migrate (the compose file's migrate service run twice, an app starting meanwhile) waits
 * for it, then finds nothing left to do, instead of failing.
 */
export async function migrateUp(databaseUrl: string, log: (line: string) => void = () => {}) {
  const applied = await runner({
    databaseUrl,
    dir: MIGRATION_DIRS.map((dir) => `${dir}/*.sql`),
    useGlob: true,
    direction: "up",
    migrationsTable: "schema_migrations",
    checkOrder: true,
    advisoryLockMode: "wait",
    log,
    logger: { debug: () => {}, info: log, warn: log, error: log },
  });
  return applied.map((migration) => migration.name);
}
