import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBaseBackup } from "../backup/base-backup.ts";
import { restoreDump } from "../backup/dump.ts";
import { parseEnv } from "../config/config.ts";
import { StartupError } from "../database/embedded-postgres.ts";
import { runTool } from "./tool-database.ts";

const USAGE = `Usage: npm run restore -- --from <backup directory>
<from>/igp.dump (npm run backup with DATABASE_URL): restored into DATABASE_URL, a new empty
database (createdb it first). <from>/postgres (the embedded database): becomes DATA_DIR/postgres,
which must not exist (stop the platform, move the old one aside). Then start the platform and
run npm run audit: its verdict must be the one before. docs/deploy.md, Backups.`;

/** `npm run restore`: a backup of `npm run backup` into a fresh database (docs/deploy.md). */
runTool(async () => {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  if (!values.from) {
    console.error(USAGE);
    return 2;
  }
  const from = path.resolve(values.from);
  const config = parseEnv(process.env);
  if (existsSync(path.join(from, "igp.dump"))) {
    if (!config.DATABASE_URL)
      throw new StartupError("A dump restores into DATABASE_URL: set it to a new empty database.");
    await restoreDump(path.join(from, "igp.dump"), config.DATABASE_URL);
    console.log("Dump restored into DATABASE_URL.");
    return 0;
  }
  if (!existsSync(path.join(from, "postgres", "backup_label")))
    throw new StartupError(`${from} holds no backup of npm run backup.`);
  if (config.DATABASE_URL)
    throw new StartupError(
      "An embedded database's backup restores into DATA_DIR: unset DATABASE_URL.",
    );
  const dataDir = path.join(path.resolve(config.DATA_DIR), "postgres");
  if (existsSync(dataDir))
    throw new StartupError(`${dataDir} exists: stop the platform and move it aside first.`);
  await restoreBaseBackup({ from: path.join(from, "postgres"), dataDir });
  console.log(
    `Restored into ${dataDir}: the platform recovers it to the backup's end when it starts.`,
  );
  return 0;
});
