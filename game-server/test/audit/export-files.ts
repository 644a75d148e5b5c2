import { createHash, createPrivateKey, type KeyObject, sign } from "node:crypto";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

/** An export's event lines, parsed. */
export async function exportedEvents(dir: string): Promise<any[]> {
  const text = gunzipSync(await readFile(path.join(dir, "events.jsonl.gz"))).toString("utf8");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

export async function readManifest(dir: string) {
  return JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8"));
}

/** Signs a manifest as the export tool does: Ed25519 over its bytes, base64. */
export async function writeSignedManifest(dir: string, manifest: unknown, key: KeyObject | string) {
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
  await writeFile(path.join(dir, "manifest.json"), bytes);
  const privateKey = typeof key === "string" ? createPrivateKey(key) : key;
  await writeFile(
    path.join(dir, "manifest.sig"),
    `${sign(null, bytes, privateKey).toString("base64")}\n`,
  );
}

/**
 * A copy of export `from` in `to` whose events are `change(events)`; with `resignWith`, the
 * manifest is brought in line with the new file (digest, count, first and last event) and signed
 * again with that key, as an operator rewriting history would (the heads stay as exported).
 */
export async function tamperedCopy(
  from: string,
  to: string,
  change: (events: any[]) => any[],
  resignWith?: string,
) {
  await cp(from, to, { recursive: true });
  const events = change(await exportedEvents(from));
  const bytes = gzipSync(events.map((event) => `${JSON.stringify(event)}\n`).join(""));
  await writeFile(path.join(to, "events.jsonl.gz"), bytes);
  if (!resignWith) return;
  const manifest = await readManifest(from);
  manifest.events.sha256 = createHash("sha256").update(bytes).digest("hex");
  manifest.events.count = events.length;
  const first = events[0];
  const last = events.at(-1);
  manifest.range.first = { position: first.position, recordedAt: first.recordedAt };
  manifest.range.last = {
    position: last.position,
    recordedAt: last.recordedAt,
    streamId: last.streamId,
    revision: last.revision,
    hash: last.hash,
  };
  await writeSignedManifest(to, manifest, resignWith);
}
