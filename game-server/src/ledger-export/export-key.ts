import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The operator's Ed25519 key that signs ledger exports (docs/audit.md). The private key stays
 * with whoever runs `npm run export-ledger`; the public key is published by the server
 * (GET /api/fair/export-key) and given to auditors, whose verifier checks the signature with it.
 */
export class ExportKeyError extends Error {
  override readonly name = "StartupError"; // printed as one line by the tools
}

/** A new key pair as PEM text: PKCS #8 private key, SPKI public key. */
export function generateExportKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

/** PEM text from `<name>` or the file named by `<name>_FILE`; null when neither is set. */
function pemFrom(env: Record<string, string | undefined>, name: string): string | null {
  const text = env[name];
  if (text) return text.replace(/\\n/g, "\n");
  const file = env[`${name}_FILE`];
  if (!file) return null;
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new ExportKeyError(`${name}_FILE: cannot read ${file} (${(error as Error).message}).`);
  }
}

function ed25519(key: KeyObject, name: string): KeyObject {
  if (key.asymmetricKeyType !== "ed25519")
    throw new ExportKeyError(`${name} must be an Ed25519 key (npm run export-key makes one).`);
  return key;
}

/** The signing key of LEDGER_EXPORT_KEY / LEDGER_EXPORT_KEY_FILE; refuses when there is none. */
export function exportSigningKey(env: NodeJS.ProcessEnv): KeyObject {
  const pem = pemFrom(env, "LEDGER_EXPORT_KEY");
  if (!pem)
    throw new ExportKeyError(
      "No signing key: set LEDGER_EXPORT_KEY_FILE to the operator's Ed25519 private key (npm run export-key makes one).",
    );
  try {
    return ed25519(createPrivateKey(pem), "LEDGER_EXPORT_KEY");
  } catch (error) {
    if (error instanceof ExportKeyError) throw error;
    throw new ExportKeyError("LEDGER_EXPORT_KEY is not a private key in PEM.");
  }
}

/** The published key of LEDGER_EXPORT_PUBLIC_KEY / _FILE, or null when none is configured. */
export function exportPublicKey(env: Record<string, string | undefined>): KeyObject | null {
  const pem = pemFrom(env, "LEDGER_EXPORT_PUBLIC_KEY");
  if (!pem) return null;
  try {
    return ed25519(createPublicKey(pem), "LEDGER_EXPORT_PUBLIC_KEY");
  } catch (error) {
    if (error instanceof ExportKeyError) throw error;
    throw new ExportKeyError("LEDGER_EXPORT_PUBLIC_KEY is not a public key in PEM.");
  }
}

/** How a public key is named in a manifest and on the site: its SPKI bytes and their SHA-256. */
export function describePublicKey(key: KeyObject) {
  const der = key.export({ type: "spki", format: "der" });
  return {
    algorithm: "Ed25519" as const,
    publicKey: key.export({ type: "spki", format: "pem" }).toString(),
    fingerprint: createHash("sha256").update(der).digest("hex"),
  };
}

/** The Ed25519 signature of `bytes`, base64. */
export function signBytes(key: KeyObject, bytes: Buffer): string {
  return sign(null, bytes, key).toString("base64");
}

/** What the site publishes of the key: its PEM and fingerprint. */
export type PublishedExportKey = ReturnType<typeof describePublicKey>;

/** The configured public key as the site publishes it, or null when none is configured. */
export function publishedExportKey(config: {
  LEDGER_EXPORT_PUBLIC_KEY?: string | undefined;
  LEDGER_EXPORT_PUBLIC_KEY_FILE?: string | undefined;
}): PublishedExportKey | null {
  const key = exportPublicKey({
    LEDGER_EXPORT_PUBLIC_KEY: config.LEDGER_EXPORT_PUBLIC_KEY,
    LEDGER_EXPORT_PUBLIC_KEY_FILE: config.LEDGER_EXPORT_PUBLIC_KEY_FILE,
  });
  return key ? describePublicKey(key) : null;
}

/**
 * The server's own signing key for the exports downloaded from the back office (docs/audit.md,
 * the download key): LEDGER_DOWNLOAD_KEY / _FILE, else a key pair made once and kept in the data
 * directory (owner-only), as the server's other generated secrets. It is not the operator's
 * export key, which stays off the server: an export signed by it says "this server gave this",
 * and its public key is published beside the operator's (GET /api/fair/download-key).
 */
export async function downloadSigningKey(
  config: {
    LEDGER_DOWNLOAD_KEY?: string | undefined;
    LEDGER_DOWNLOAD_KEY_FILE?: string | undefined;
  },
  dataDir: string,
): Promise<KeyObject> {
  const configured = pemFrom(
    {
      LEDGER_DOWNLOAD_KEY: config.LEDGER_DOWNLOAD_KEY,
      LEDGER_DOWNLOAD_KEY_FILE: config.LEDGER_DOWNLOAD_KEY_FILE,
    },
    "LEDGER_DOWNLOAD_KEY",
  );
  const file = path.join(dataDir, "ledger-download-key.pem");
  let pem = configured ?? (existsSync(file) ? await readFile(file, "utf8") : null);
  if (!pem) {
    pem = generateExportKeyPair().privateKey;
    await writeFile(file, pem, { mode: 0o600 });
  }
  try {
    return ed25519(createPrivateKey(pem), "LEDGER_DOWNLOAD_KEY");
  } catch (error) {
    if (error instanceof ExportKeyError) throw error;
    throw new ExportKeyError("LEDGER_DOWNLOAD_KEY is not a private key in PEM.");
  }
}
