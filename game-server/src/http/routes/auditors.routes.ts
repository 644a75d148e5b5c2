import {
  auditorGrantSchema,
  auditorSchema,
  createAdminAccountSchema,
  pageQuerySchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { containing } from "../../database/like-pattern.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import { PAGE_SIZE, totalPages } from "../../wallet/paged-query.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";
import { createStaffAccount } from "./create-staff-account.ts";

interface AuditorRow {
  id: string;
  full_name: string;
  email: string | null;
  status: "active" | "blocked";
  personal_data: boolean;
}
const toAuditor = (row: AuditorRow) => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  status: row.status,
  personalData: row.personal_data,
});

const ROLE_NOTE =
  "An auditor is read-only staff: the dashboard, reports, transactions, the request lists and the ledger explorer, and nothing it can change (every write route answers 403, recorded with every read in the staff activity log as `auditor.read` / `auditor.refused`). Players' names and phones reach it masked unless `personalData` is granted. It signs in with two factors when staff must (TWO_FACTOR_STAFF). Blocked and unblocked like an agent (`POST /api/admin/users/status/{id}`), its authenticator reset the same way.";

/** Auditor accounts, kept by the superAdmin: created, listed, granted personal data or not. */
export async function auditorsRoutes(
  app: FastifyInstance,
  deps: { users: UsersRepository; pool: pg.Pool },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");
  const tags = ["back office"];
  const security = [{ bearer: [] }];

  api.get(
    "/api/admin/auditors",
    {
      schema: {
        tags,
        summary: "Auditor accounts, paged and searchable",
        description: ROLE_NOTE,
        security,
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            auditors: z.array(auditorSchema),
            currentPage: z.number(),
            totalPages: z.number(),
          }),
          ...errors,
        },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { page, search } = request.query;
      const pattern = search ? containing(search) : null;
      const { rows } = await deps.pool.query<AuditorRow & { total: string }>(
        `SELECT id, full_name, email, status, personal_data, count(*) OVER () AS total
           FROM users
          WHERE role = 'auditor' AND ($1::text IS NULL OR full_name ILIKE $1 OR email ILIKE $1)
          ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [pattern, PAGE_SIZE, (page - 1) * PAGE_SIZE],
      );
      return {
        auditors: rows.map(toAuditor),
        currentPage: page,
        totalPages: totalPages(Number(rows[0]?.total ?? 0)),
      };
    },
  );

  api.post(
    "/api/admin/auditors/create",
    {
      schema: {
        tags,
        summary: "Create an auditor account (read-only staff)",
        description: `${ROLE_NOTE} Staff password rule as for agents. Starts without personal data. Recorded in the staff activity log (\`auditor.create\`).`,
        security,
        body: createAdminAccountSchema,
        response: { 201: auditorSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const created = await createStaffAccount(deps, request, "auditor", request.body);
      return reply
        .code(201)
        .send(toAuditor({ ...created, personal_data: created.personal_data ?? false }));
    },
  );

  api.post(
    "/api/admin/auditors/:id/personal-data",
    {
      schema: {
        tags,
        summary: "Grant or withdraw an auditor's sight of players' names and phones",
        description:
          "Takes effect on the auditor's next request. Recorded in the staff activity log (`auditor.personal_data`, detail `granted` or `withdrawn`).",
        security,
        params: idParams("Auditor not found."),
        body: auditorGrantSchema,
        response: { 200: auditorSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { id } = request.params;
      const { personalData } = request.body;
      const row = await withStaffAction(
        deps.pool,
        request,
        async (db) =>
          (
            await db.query<AuditorRow>(
              `UPDATE users SET personal_data = $2 WHERE id = $1 AND role = 'auditor'
               RETURNING id, full_name, email, status, personal_data`,
              [id, personalData],
            )
          ).rows[0] ?? null,
        (updated) =>
          updated && {
            action: "auditor.personal_data",
            targetKind: "auditor",
            targetId: id,
            detail: personalData ? "granted" : "withdrawn",
          },
      );
      if (!row) throw notFound("Auditor not found.");
      return toAuditor(row);
    },
  );
}
