import { randomUUID } from "node:crypto";
import { LOGO_REQUIRED, messageSchema, pageQuerySchema, socialFieldsSchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { containing } from "../../database/like-pattern.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import type { ImageStore } from "../../uploads/image-store.ts";
import { PagedQuery } from "../../wallet/paged-query.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, idParams, pagedResponse, pageOf } from "../schemas.ts";

const socialSchema = z.object({
  id: z.string(),
  socialName: z.string(),
  socialLink: z.string(),
  socialLinkLogo: z.string(),
  status: z.enum(["active", "blocked"]),
});
const listSchema = pagedResponse("socials", socialSchema);
const socialId = idParams("Social link not found.");

const toSocial = (row: Record<string, string>) => ({
  id: row.id!,
  socialName: row.social_name!,
  socialLink: row.social_link!,
  socialLinkLogo: row.social_logo!,
  status: row.status as "active" | "blocked",
});

/** Social links for the Contact page: shown to anyone when active, kept by the superAdmin. */
export async function socialsRoutes(
  app: FastifyInstance,
  { pool, images }: { pool: pg.Pool; images: ImageStore },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");

  async function page(pageNumber: number, options: { activeOnly: boolean; search?: string }) {
    const query = new PagedQuery();
    if (options.activeOnly) query.where("status = 'active'");
    if (options.search) query.where("social_name ILIKE $?", containing(options.search));
    const { rows, total } = await query.run(
      pool,
      "*",
      "FROM social_links",
      "created_at DESC, id",
      pageNumber,
    );
    return pageOf("socials", rows.map(toSocial), pageNumber, total);
  }

  api.get(
    "/api/social/get/active",
    {
      schema: {
        tags: ["social links"],
        summary: "Active social links (no sign-in needed)",
        querystring: pageQuerySchema,
        response: { 200: listSchema, ...errors },
      },
    },
    async (request) => page(request.query.page, { activeOnly: true }),
  );

  api.get(
    "/api/socials/all",
    {
      schema: {
        tags: ["social links"],
        summary: "All social links, paged and searchable",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: listSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) =>
      page(request.query.page, { activeOnly: false, search: request.query.search }),
  );

  api.post(
    "/api/socials/create",
    {
      schema: {
        tags: ["social links"],
        summary: "Create a social link (name, http(s) link, logo image)",
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        body: socialFieldsSchema.extend({
          socialLogo: z.instanceof(Buffer, { message: LOGO_REQUIRED }),
        }),
        response: { 201: socialSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const logo = await images.save(request.body.socialLogo);
      const { rows } = await withStaffAction(
        pool,
        request,
        (db) =>
          db.query(
            "INSERT INTO social_links (id, social_name, social_link, social_logo) VALUES ($1, $2, $3, $4) RETURNING *",
            [randomUUID(), request.body.socialName, request.body.socialLink, logo],
          ),
        ({ rows }) => ({
          action: "social.create",
          targetKind: "social",
          targetId: rows[0].id,
          detail: rows[0].social_name,
        }),
      );
      return reply.code(201).send(toSocial(rows[0]));
    },
  );

  api.post(
    "/api/socials/status/:id",
    {
      schema: {
        tags: ["social links"],
        summary: "Block or unblock a social link",
        security: [{ bearer: [] }],
        params: socialId,
        response: { 200: socialSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { rows } = await withStaffAction(
        pool,
        request,
        (db) =>
          db.query(
            "UPDATE social_links SET status = CASE status WHEN 'active' THEN 'blocked' ELSE 'active' END WHERE id = $1 RETURNING *",
            [request.params.id],
          ),
        ({ rows }) =>
          rows[0]
            ? {
                action: "social.status",
                targetKind: "social",
                targetId: rows[0].id,
                detail: `${rows[0].social_name}: ${rows[0].status}`,
              }
            : null,
      );
      if (!rows[0]) throw notFound("Social link not found.");
      return toSocial(rows[0]);
    },
  );

  api.delete(
    "/api/socials/:id",
    {
      schema: {
        tags: ["social links"],
        summary: "Delete a social link",
        security: [{ bearer: [] }],
        params: socialId,
        response: { 200: messageSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const id = request.params.id;
      const { rowCount } = await withStaffAction(
        pool,
        request,
        (db) => db.query("DELETE FROM social_links WHERE id = $1", [id]),
        (done) =>
          done.rowCount ? { action: "social.delete", targetKind: "social", targetId: id } : null,
      );
      if (!rowCount) throw notFound("Social link not found.");
      return { message: "Social link deleted." };
    },
  );
}
