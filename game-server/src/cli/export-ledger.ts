import { parseArgs } from "node:util";
import { exportSigningKey } from "../ledger-export/export-key.ts";
import { type ExportSelection, writeLedgerExport } from "../ledger-export/write-export.ts";
import { openReadOnlyDatabase } from "./read-only-database.ts";
import { runTool } from "./tool-database.ts";

const USAGE = `Usage: npm run export-ledger -- --out <new directory> [--previous <earlier export>]
  [--after <position>] [--through <position>] [--since <ISO time>] [--before <ISO time>]
The signing key: LEDGER_EXPORT_KEY_FILE (or LEDGER_EXPORT_KEY), made by npm run export-key.`;

/**
 * `npm run export-ledger`: writes the ledger, or a contiguous part of it, as a signed export
 * (docs/audit.md) that `node tools/verify-export/verify.mjs <dir>` checks offline. Read-only:
 * it needs the signing key and the database, and writes nothing but the export.
 */
runTool(async () => {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      previous: { type: "string" },
      after: { type: "string" },
      through: { type: "string" },
      since: { type: "string" },
      before: { type: "string" },
    },
  });
  if (!values.out) {
    console.error(USAGE);
    return 2;
  }
  const time = (text: string | undefined, name: string) => {
    if (text === undefined) return undefined;
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) throw new Error(`--${name} must be an ISO time, got ${text}`);
    return date;
  };
  const position = (text: string | undefined, name: string) => {
    if (text !== undefined && !/^\d+:\d+$/.test(text))
      throw new Error(`--${name} must be a global position such as 1234:56, got ${text}`);
    return text;
  };
  if (values.previous && (values.after || values.since))
    throw new Error("--previous sets where the export starts: give neither --after nor --since.");
  const selection: ExportSelection = {
    after: position(values.after, "after"),
    through: position(values.through, "through"),
    since: time(values.since, "since"),
    before: time(values.before, "before"),
    previousDir: values.previous,
  };
  const key = exportSigningKey(process.env);
  const database = await openReadOnlyDatabase();
  try {
    const manifest = await writeLedgerExport(database.store, values.out, key, selection);
    console.log(`Ledger export in ${values.out}`);
    console.log(`  events     ${manifest.events.count} in ${manifest.heads.count} streams`);
    console.log(
      `  positions  ${manifest.range.first?.position ?? "-"} to ${manifest.range.last?.position ?? "-"}${manifest.range.fromGenesis ? " (from the first event)" : ""}`,
    );
    console.log(`  last hash  ${manifest.range.last?.hash ?? "-"}`);
    console.log(`  signed by  Ed25519 key ${manifest.key.fingerprint}`);
    return 0;
  } finally {
    await database.close();
  }
});
