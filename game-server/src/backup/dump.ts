import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * pg_dump and pg_restore for an external database (DATABASE_URL): the host's client tools, or
 * those in PG_BIN. They must be of the server's major version or later (pg_dump refuses an older
 * one); the embedded server's package ships neither, so its backup is a base backup (base-backup.ts).
 */
const tool = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

/** A custom-format dump (compressed, restorable table by table), consistent while writes go on. */
export async function dumpDatabase(url: string, file: string): Promise<void> {
  await run(
    tool("pg_dump"),
    ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${url}`],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/** Restores a dump into `url`, an empty database, stopping at the first error. */
export async function restoreDump(file: string, url: string): Promise<void> {
  await run(
    tool("pg_restore"),
    ["--exit-on-error", "--no-owner", "--single-transaction", `--dbname=${url}`, file],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
