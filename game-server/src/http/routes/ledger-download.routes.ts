import type { KeyObject } from "node:crypto";
import type { EventStore } from "@igp/ledger";
import { ledgerExportQuerySchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { exportArchive } from "../../ledger-export/export-archive.ts";
import type { ExportSelection } from "../../ledger-export/write-export.ts";
import { readTimeZone } from "../../reports/time-zone-setting.ts";
import { errorResponses as errors } from "../schemas.ts";

/** The instants a range of days starts and ends at in the operator's time zone (PostgreSQL's). */
async function periodOf(pool: pg.Pool, from?: string, to?: string): Promise<ExportSelection> {
  if (!from && !to) return {};
  const { rows } = await pool.query<{ since: Date | null; before: Date | null }>(
    `SELECT ($1::date)::timestamp AT TIME ZONE $3 AS since,
            ($2::date + 1)::timestamp AT TIME ZONE $3 AS before`,
    [from ?? null, to ?? null, await readTimeZone(pool)],
  );
  return { since: rows[0]!.since ?? undefined, before: rows[0]!.before ?? undefined };
}

/**
 * The auditor's export button (docs/audit.md): the ledger, or a period of it, as the signed file
 * set the offline verifier checks, signed by the server's download key.
 */
export async function ledgerDownloadRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; store: EventStore; downloadKey: KeyObject },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/ledger/export",
    {
      schema: {
        tags: ["ledger explorer"],
        summary: "Download a signed ledger export (tar) for the offline verifier",
        description:
          "superAdmin and auditor; every auditor's download is recorded in the staff activity log. The events recorded from `from` to `to` (days YYYY-MM-DD in the operator's time zone, both included; without them the whole ledger) as `npm run export-ledger` writes them (manifest.json, manifest.sig, events.jsonl.gz, heads.jsonl.gz; docs/audit.md), in one uncompressed tar archive under a directory of the same name. Signed by the server's download key (GET /api/fair/download-key), not the operator's offline export key. `tar xf <file>` then `node tools/verify-export/verify.mjs --public-key <download key> <directory>`. Written to a temporary directory first (its manifest signs the files' digests), with memory bounded by one read batch and one head per stream, then streamed.",
        security: [{ bearer: [] }],
        querystring: ledgerExportQuerySchema,
        response: {
          200: z.string().describe("application/x-tar: the export's directory and its four files"),
          ...errors,
        },
      },
      onRequest: app.requireRole("superAdmin", "auditor"),
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const name = `ledger-export-${from ?? "start"}-to-${to ?? new Date().toISOString().slice(0, 10)}`;
      const archive = await exportArchive(
        deps.store,
        deps.downloadKey,
        await periodOf(deps.pool, from, to),
        name,
      );
      return reply
        .header("content-type", "application/x-tar")
        .header("content-disposition", `attachment; filename="${name}.tar"`)
        .header("cache-control", "no-store")
        .send(archive as never); // a stream: sent as it is, not serialised against the schema
    },
  );
}
