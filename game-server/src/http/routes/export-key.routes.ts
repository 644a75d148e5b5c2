import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PublishedExportKey } from "../../ledger-export/export-key.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";

const exportKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  publicKey: z.string().describe("SPKI public key, PEM"),
  fingerprint: z.string().describe("SHA-256 of the key's SPKI bytes, hex: what a manifest names"),
});

/** The operator's public key that signs ledger exports (anyone may read it; docs/audit.md). */
export async function exportKeyRoutes(
  app: FastifyInstance,
  deps: { exportKey: PublishedExportKey | null },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
