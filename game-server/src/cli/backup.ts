import { existsSync } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { takeBaseBackup } from "../backup/base-backup.ts";
import { dumpDatabase } from "../backup/dump.ts";
import { parseEnv } from "../config/config.ts";
import {
  runningEmbeddedPostgres,
  StartupError,
  startEmbeddedPostgres,
} from "../database/embedded-postgres.ts";
import { runTool } from "./tool-database.ts";

const USAGE = `Usage: npm run backup -- --out <new directory>
With DATABASE_URL: pg_dump (custom format) into <out>/igp.dump; pg_dump of the server's major
version or later, on the PATH or in PG_BIN. Without: the embedded database of DATA_DIR, running
or not, as a base backup into <out>/postgres. docs/deploy.md, Backups.`;

/**
 * `npm run backup`: a consistent copy of the platform's database while it runs (docs/deploy.md).
 * It reads the environment without generating any secret; the uploads are archived on their own.
 */
runTool(async () => {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) {
    console.error(USAGE);
    return 2;
  }
  const out = path.resolve(values.out);
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0) throw new StartupError(`${out} is not empty.`);
  const config = parseEnv(process.env);
  if (config.DATABASE_URL) {
    await dumpDatabase(config.DATABASE_URL, path.join(out, "igp.dump"));
    console.log(`Database dumped into ${path.join(out, "igp.dump")}`);
    return 0;
  }
  const dataDir = path.join(path.resolve(config.DATA_DIR), "postgres");
  if (!existsSync(path.join(dataDir, "PG_VERSION")))
    throw new StartupError(`No database to back up: none under ${dataDir}; set DATABASE_URL?`);
  let adminUrl = await runningEmbeddedPostgres(dataDir);
  const started = adminUrl
    ? null
    : await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_POSTGRES_PORT });
  adminUrl ??= started!.url;
  try {
    await takeBaseBackup({ adminUrl, dataDir, out: path.join(out, "postgres") });
  } finally {
    await started?.stop();
  }
  console.log(`Embedded database backed up into ${path.join(out, "postgres")}`);
  return 0;
});
