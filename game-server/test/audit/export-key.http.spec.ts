import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startTestServer } from "@igp/test-support/http.ts";
import { expect, it } from "vitest";
import { generateExportKeyPair } from "../../src/ledger-export/export-key.ts";
import { readManifest } from "./export-files.ts";

it("the server publishes the export key the manifests name (saying when it has none) and its download key", async () => {
  const pair = generateExportKeyPair();
  const dir = await mkdtemp(path.join(tmpdir(), "igp-key-"));
  const file = path.join(dir, "key.pub.pem");
  await writeFile(file, pair.publicKey);
  const download = generateExportKeyPair();
  const downloadFile = path.join(dir, "download.pem");
  await writeFile(downloadFile, download.privateKey, { mode: 0o600 });
  const server = await startTestServer({
    env: { LEDGER_EXPORT_PUBLIC_KEY_FILE: file, LEDGER_DOWNLOAD_KEY_FILE: downloadFile },
  });
  const without = await startTestServer();
  try {
    const { status, body } = await server.call("GET", "/api/fair/export-key");
    expect(status).toBe(200);
    expect(body.algorithm).toBe("Ed25519");
    expect(body.publicKey).toBe(pair.publicKey);
    expect(body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const { writeLedgerExport } = await import("../../src/ledger-export/write-export.ts");
    const { createPrivateKey } = await import("node:crypto");
    const out = path.join(dir, "export");
    await writeLedgerExport(server.platform.store, out, createPrivateKey(pair.privateKey));
    expect((await readManifest(out)).key.fingerprint).toBe(body.fingerprint);

    const missing = await without.call("GET", "/api/fair/export-key");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("No ledger export key is published here.");
    // The download key: the one configured, else one made for the server; never the operator's.
    const published = await server.call("GET", "/api/fair/download-key");
    expect(published.body.publicKey).toBe(download.publicKey);
    const made = await without.call("GET", "/api/fair/download-key");
    expect(made.status).toBe(200);
    expect(made.body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(made.body.fingerprint).not.toBe(body.fingerprint);
    expect(made.body.fingerprint).not.toBe(published.body.fingerprint);
    const docs = await server.call("GET", "/api/docs/json");
    expect(docs.body.paths["/api/fair/export-key"].get.summary).toContain("signs ledger exports");
  } finally {
    await server.stop();
    await without.stop();
  }
});
