import { cp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { ownDataDirForPostgres } from "../database/embedded-postgres.ts";

/**
 * An online physical backup of a PostgreSQL cluster whose files are on this host: the embedded
 * database (docs/deploy.md, Backups). Its package ships no pg_dump or pg_basebackup, and the
 * host's pg_dump may be older than its server (which pg_dump refuses), so this takes the backup
 * as pg_basebackup does, through PostgreSQL's low-level API, while the platform runs:
 *
 * 1. a temporary physical replication slot keeps every WAL segment from now on;
 * 2. pg_backup_start (a checkpoint now) marks where recovery will start;
 * 3. the data directory is copied (files may change meanwhile: the WAL replays them);
 * 4. pg_backup_stop gives the backup_label, pg_switch_wal closes the WAL segment holding its end;
 * 5. the WAL written since the start is copied, the slot dropped.
 *
 * The copy is a data directory: PostgreSQL started on it replays the WAL from backup_label's
 * checkpoint to the backup's end, and holds every transaction committed before pg_backup_stop.
 */
export async function takeBaseBackup(options: { adminUrl: string; dataDir: string; out: string }) {
  const out = path.resolve(options.out);
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0)
    throw new Error(`${out} is not empty: back up into a new directory.`);
  const client = new pg.Client({ connectionString: options.adminUrl });
  await client.connect();
  const slot = `igp_backup_${process.pid}_${Date.now()}`;
  try {
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [slot]);
    await client.query("SELECT pg_backup_start($1, true)", [
      `igp backup ${new Date().toISOString()}`,
    ]);
    await cp(options.dataDir, out, { recursive: true, filter: copied(options.dataDir) });
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      "SELECT labelfile, spcmapfile FROM pg_backup_stop(false)",
    );
    await client.query("SELECT pg_switch_wal()");
    await cp(path.join(options.dataDir, "pg_wal"), path.join(out, "pg_wal"), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}archive_status${path.sep}`),
    });
    await writeFile(path.join(out, "backup_label"), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await writeFile(path.join(out, "tablespace_map"), rows[0]!.spcmapfile);
    return { out };
  } finally {
    await client.query("SELECT pg_drop_replication_slot($1)", [slot]).catch(() => {});
    await client.end();
  }
}

/**
 * What a base backup leaves out, as pg_basebackup does: the running server's own files, the WAL
 * (copied after the stop), and directories PostgreSQL empties at start-up.
 */
function copied(dataDir: string) {
  const root = path.resolve(dataDir);
  const skipFiles = new Set([
    "postmaster.pid",
    "postmaster.opts",
    "backup_label",
    "tablespace_map",
  ]);
  const emptied = new Set([
    "pg_wal",
    "pg_replslot",
    "pg_stat_tmp",
    "pg_dynshmem",
    "pg_notify",
    "pg_serial",
    "pg_snapshots",
    "pg_subtrans",
  ]);
  return (source: string) => {
    const relative = path.relative(root, path.resolve(source));
    if (relative === "") return true;
    const [top, ...rest] = relative.split(path.sep);
    if (rest.length === 0 && skipFiles.has(top!)) return false;
    // The directory itself is kept (PostgreSQL needs it), its contents are not.
    return !(emptied.has(top!) && rest.length > 0);
  };
}

/**
 * Makes `dataDir` (new or empty) a copy of the backup in `from`: PostgreSQL started on it (the
 * platform's DATA_DIR/postgres, or `npm run restore`'s check) recovers to the backup's end.
 */
export async function restoreBaseBackup(options: { from: string; dataDir: string }) {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  if ((await readdir(dataDir)).length > 0)
    throw new Error(`${dataDir} is not empty: restore into a new directory.`);
  await cp(path.resolve(options.from), dataDir, { recursive: true });
  await rm(path.join(dataDir, "postmaster.pid"), { force: true });
  await ownDataDirForPostgres(dataDir);
  return { dataDir };
}
