import {
  BANK_ACCOUNT_REQUIRED,
  bankFieldsSchema,
  LOGO_REQUIRED,
  messageSchema,
  pageQuerySchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import type { ImageStore } from "../../uploads/image-store.ts";
import { type BanksRepository, toBank } from "../../wallet/banks-repository.ts";
import { totalPages } from "../../wallet/paged-query.ts";
import { badRequest, conflict, notFound } from "../http-error.ts";
import { errorResponses as errors, idParams, pagedResponse, pageOf } from "../schemas.ts";

const bankSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  bankLogo: z.string(),
  type: z.enum(["deposit", "withdraw"]),
  status: z.enum(["active", "blocked"]),
  color: z.string().nullable(),
});
const bankListSchema = pagedResponse("banks", bankSchema);
const bankId = idParams("Unknown bank.");

/** Deposit banks and withdrawal methods: offered to players, kept by the superAdmin. */
export async function banksRoutes(
  app: FastifyInstance,
  deps: { banks: BanksRepository; images: ImageStore; pool: pg.Pool },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");

  // The player site asks at /api/banks/get/active, the back office at /api/banks/active.
  for (const url of ["/api/banks/get/active", "/api/banks/active"]) {
    api.get(
      url,
      {
        schema: {
          tags: ["banks"],
          summary: "Active deposit banks and withdrawal methods (no sign-in needed)",
          querystring: pageQuerySchema,
          response: { 200: bankListSchema, ...errors },
        },
      },
      async (request) => {
        const { rows, total } = await deps.banks.page({
          page: request.query.page,
          status: "active",
        });
        return {
          status: "ok" as const,
          banks: rows.map(toBank),
          currentPage: request.query.page,
          totalPages: totalPages(total),
        };
      },
    );
  }

  api.get(
    "/api/banks/all",
    {
      schema: {
        tags: ["banks"],
        summary: "All banks and withdrawal methods, paged and searchable by name",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema.extend({ type: z.enum(["deposit", "withdraw"]).optional() }),
        response: {
          200: bankListSchema,
          ...errors,
        },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { page, search, type } = request.query;
      const { rows, total } = await deps.banks.page({ page, search, type });
      return pageOf("banks", rows.map(toBank), page, total);
    },
  );

  api.post(
    "/api/banks/create",
    {
      schema: {
        tags: ["banks"],
        summary:
          "Create a deposit bank (name, account number, logo) or a withdrawal method (type withdraw, name, logo)",
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        body: bankFieldsSchema.extend({
          bankLogo: z.instanceof(Buffer, { message: LOGO_REQUIRED }),
        }),
        response: { 201: bankSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const { bankName, accountNumber, type, color, bankLogo } = request.body;
      if (type === "deposit" && !accountNumber)
        throw badRequest(BANK_ACCOUNT_REQUIRED, "accountNumber");
      const logo = await deps.images.save(bankLogo);
      const fields = {
        bank_name: bankName,
        account_number: accountNumber ?? "",
        bank_logo: logo,
        type,
        color: color ?? null,
      };
      const created = await withStaffAction(
        deps.pool,
        request,
        (db) => deps.banks.create(fields, db),
        (bank) =>
          bank && {
            action: "bank.create",
            targetKind: "bank",
            targetId: bank.id,
            detail: `${bank.type}: ${bank.bank_name}`,
          },
      );
      if (!created) throw conflict("A bank with this name already exists.", "bankName");
      return reply.code(201).send(toBank(created));
    },
  );

  api.post(
    "/api/banks/status/:id",
    {
      schema: {
        tags: ["banks"],
        summary: "Block or unblock a bank",
        security: [{ bearer: [] }],
        params: bankId,
        response: { 200: bankSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const bank = await withStaffAction(
        deps.pool,
        request,
        (db) => deps.banks.toggleStatus(request.params.id, db),
        (changed) =>
          changed && {
            action: "bank.status",
            targetKind: "bank",
            targetId: changed.id,
            detail: `${changed.bank_name}: ${changed.status}`,
          },
      );
      if (!bank) throw notFound("Bank not found.");
      return toBank(bank);
    },
  );

  api.delete(
    "/api/banks/:id",
    {
      schema: {
        tags: ["banks"],
        summary: "Delete a bank",
        security: [{ bearer: [] }],
        params: bankId,
        response: { 200: messageSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const id = request.params.id;
      const removed = await withStaffAction(
        deps.pool,
        request,
        (db) => deps.banks.remove(id, db),
        (done) => (done ? { action: "bank.delete", targetKind: "bank", targetId: id } : null),
      );
      if (!removed) throw notFound("Bank not found.");
      return { message: "Bank deleted." };
    },
  );
}
