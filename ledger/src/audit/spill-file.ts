import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, open } from "lmdb";

/**
 * A key-value file the audit spills open streams to (docs/audit.md, how the audit streams): an
 * LMDB database in a directory of its own under the system's temporary directory, removed by
 * `close`. Synchronous, because the replay that reads it is: a read is a lookup in a memory-mapped
 * B-tree, a batch of writes one transaction. Nothing is synced to disk: the file lives as long as
 * the audit and is thrown away after it, whatever happens to the machine.
 */
export class SpillFile {
  private readonly directory = mkdtempSync(path.join(tmpdir(), "igp-audit-spill-"));
  private readonly db: Database<Buffer, string> = open({
    path: this.directory,
    encoding: "binary",
    compression: false,
    noSync: true,
    noMetaSync: true,
    noMemInit: true,
  });

  get(key: string): Buffer | undefined {
    return this.db.getBinary(key);
  }

  /** Removes `removed`, then writes `written` (in that order: a key may be in both), at once. */
  write(removed: Iterable<string>, written: Iterable<[string, Buffer]>): void {
    this.db.transactionSync(() => {
      for (const key of removed) this.db.remove(key);
      for (const [key, value] of written) this.db.put(key, value);
    });
  }

  *entries(): Generator<[string, Buffer]> {
    for (const { key, value } of this.db.getRange()) yield [key, value];
  }

  async close(): Promise<void> {
    await this.db.close();
    await rm(this.directory, { recursive: true, force: true });
  }
}
