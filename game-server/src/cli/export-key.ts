import { createPublicKey } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { describePublicKey, generateExportKeyPair } from "../ledger-export/export-key.ts";
import { runTool } from "./tool-database.ts";

/**
 * `npm run export-key -- --out <dir>`: makes the operator's Ed25519 key pair for signing ledger
 * exports: ledger-export-key.pem (private, owner-only: LEDGER_EXPORT_KEY_FILE of the export tool)
 * and ledger-export-key.pub.pem (the server publishes it: LEDGER_EXPORT_PUBLIC_KEY_FILE).
 */
runTool(async () => {
  const { values } = parseArgs({ options: { out: { type: "string", default: "." } } });
  const privateFile = path.join(values.out!, "ledger-export-key.pem");
  const publicFile = path.join(values.out!, "ledger-export-key.pub.pem");
  if (existsSync(privateFile) || existsSync(publicFile)) {
    console.error(`${privateFile} or ${publicFile} exists already: nothing written.`);
    return 1;
  }
  // A folder named for the keys is made for them, owner-only like the private key.
  await mkdir(values.out!, { recursive: true, mode: 0o700 });
  const pair = generateExportKeyPair();
  await writeFile(privateFile, pair.privateKey, { mode: 0o600, flag: "wx" });
  await writeFile(publicFile, pair.publicKey, { flag: "wx" });
  const { fingerprint } = describePublicKey(createPublicKey(pair.publicKey));
  console.log(`Private key ${privateFile} (keep it secret: LEDGER_EXPORT_KEY_FILE)`);
  console.log(`Public key  ${publicFile} (publish it: LEDGER_EXPORT_PUBLIC_KEY_FILE)`);
  console.log(`Fingerprint ${fingerprint}`);
  return 0;
});
