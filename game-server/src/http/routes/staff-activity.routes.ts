import {
  STAFF_ACTIONS,
  staffActivityExportQuerySchema,
  staffActivityPageSchema,
  staffActivityQuerySchema,
} from "@igp/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { csvStream } from "../../reports/csv.ts";
import { inSnapshot, streamRows } from "../../reports/report-snapshot.ts";
import { readTimeZone } from "../../reports/time-zone-setting.ts";
import {
  ACTIVITY_CSV_HEADER,
  type ActivityRow,
  activityCsvLine,
  activityQuery,
  readActivityPage,
} from "../../staff-activity/activity-log.ts";
import { errorResponses as errors } from "../schemas.ts";

const LOG_NOTE = `Every staff action: who (staff member and role), when, what (${STAFF_ACTIONS.join(", ")}), the amount (ETB), the request, player or object it touched, and the address the staff member's request came from. Money and request decisions come from the ledger's events (their metadata carries the actor and the address; read model staff_activity, rebuilt by \`npm run rebuild-projections\`); changes to accounts, settings, banks, social links and games from the staff_actions table, each row written in the transaction of its change. Auditors' requests from auditor_access (\`auditor.read\`, \`auditor.refused\`; target kind \`route\`, its id the method and path), each row written before the request is answered. \`from\` and \`to\` are days (YYYY-MM-DD, both included) in the operator's time zone, at most 366 days; \`staffId\` and \`action\` narrow it. superAdmin only: agents and players get 403.`;

/** The staff activity log (superAdmin): a page as JSON, or every row as a streamed CSV. */
export async function staffActivityRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");
  const tags = ["back office"];
  const security = [{ bearer: [] }];

  api.get(
    "/api/admin/activity",
    {
      schema: {
        tags,
        summary: "Staff activity log: who did what, when, for how much, to what, from where",
        description: `${LOG_NOTE} Newest first, 50 per page; \`staff\` lists the staff accounts to filter by.`,
        security,
        querystring: staffActivityQuerySchema,
        response: { 200: staffActivityPageSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { page, ...filters } = request.query;
      return inSnapshot(pool, async (db) =>
        readActivityPage(db, filters, page, await readTimeZone(db)),
      );
    },
  );

  api.get(
    "/api/admin/activity/export",
    {
      schema: {
        tags,
        summary: "Staff activity log (CSV)",
        description: `${LOG_NOTE} Streamed as CSV (text/csv) from a server-side cursor inside one repeatable-read snapshot, newest first; amounts as decimal ETB, times in UTC.`,
        security,
        produces: ["text/csv"],
        querystring: staffActivityExportQuerySchema,
        response: {
          200: z.string().describe("CSV, one header line then one line per action"),
          ...errors,
        },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const query = activityQuery(request.query, await readTimeZone(pool), null);
      const { from, to } = request.query;
      // A stream, not the schema's string: sent through the untyped reply, as reports' CSVs are.
      return (reply as FastifyReply)
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="staff-activity-${from}-to-${to}.csv"`)
        .send(
          csvStream(ACTIVITY_CSV_HEADER, streamRows<ActivityRow>(pool, query), activityCsvLine),
        );
    },
  );
}
