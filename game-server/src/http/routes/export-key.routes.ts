import { createPublicKey, type KeyObject } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { describePublicKey, type PublishedExportKey } from "../../ledger-export/export-key.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";

const exportKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  publicKey: z.string().describe("SPKI public key, PEM"),
  fingerprint: z.string().describe("SHA-256 of the key's SPKI bytes, hex: what a manifest names"),
});

/**
 * The public keys that sign ledger exports (anyone may read them; docs/audit.md): the operator's,
 * whose private key stays off the server, and the server's download key.
 */
export async function exportKeyRoutes(
  app: FastifyInstance,
  deps: { exportKey: PublishedExportKey | null; downloadKey: KeyObject },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const downloadKey = describePublicKey(createPublicKey(deps.downloadKey));
  api.get(
    "/api/fair/download-key",
    {
      schema: {
        tags: ["fairness"],
        summary: "The server's Ed25519 key that signs the exports downloaded from the back office",
        description:
          "An auditor's export button (GET /api/admin/ledger/export) gives an export signed by this key, held by the server (the operator's export key stays off it): `node tools/verify-export/verify.mjs --public-key <this key> <export>` checks it. It vouches that this server gave the export; an export signed offline by the operator's key (GET /api/fair/export-key) vouches for the operator (docs/audit.md).",
        response: { 200: exportKeySchema, ...errors },
      },
    },
    async () => downloadKey,
  );
  api.get(
    "/api/fair/export-key",
    {
      schema: {
        tags: ["fairness"],
        summary: "The operator's Ed25519 key that signs ledger exports",
        description:
          "An auditor checks a ledger export (`npm run export-ledger`) offline with `node tools/verify-export/verify.mjs --public-key <this key> <export>`; the manifest names the key by this fingerprint. 404 when the operator has not configured one (LEDGER_EXPORT_PUBLIC_KEY_FILE).",
        response: { 200: exportKeySchema, ...errors },
      },
    },
    async () => {
      if (!deps.exportKey) throw notFound("No ledger export key is published here.");
      return deps.exportKey;
    },
  );
}
