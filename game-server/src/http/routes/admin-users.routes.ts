import { type Ledger, stepId } from "@igp/ledger";
import { amountField, createAdminAccountSchema, messageSchema, pageQuerySchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { AdminUsersRepository } from "../../accounts/admin-users-repository.ts";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import { totalPages } from "../../wallet/paged-query.ts";
import { notFound } from "../http-error.ts";
import { commandContext } from "../request-context.ts";
import { errorResponses as errors, idParams, uuidField } from "../schemas.ts";
import { createStaffAccount } from "./create-staff-account.ts";

const page = { currentPage: z.number(), totalPages: z.number() };

const playerSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(["active", "blocked"]),
  mainBalance: z.number(),
  bonusBalance: z.number(),
});
const adminSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  status: z.enum(["active", "blocked"]),
});

export interface AdminUsersDependencies {
  ledger: Ledger;
  users: UsersRepository;
  adminUsers: AdminUsersRepository;
  pool: pg.Pool;
}

/** Players and agent (admin) accounts, kept by the superAdmin; bonus grants. */
export async function adminUsersRoutes(app: FastifyInstance, deps: AdminUsersDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");

  api.get(
    "/api/admin/players",
    {
      schema: {
        tags: ["back office"],
        summary: "Players with balances, paged and searchable",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: z.object({ players: z.array(playerSchema), ...page }), ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { page, search } = request.query;
      const { players, total } = await deps.adminUsers.players(page, search);
      return { players, currentPage: page, totalPages: totalPages(total) };
    },
  );

  api.post(
    "/api/admin/users/status/:id",
    {
      schema: {
        tags: ["back office"],
        summary: "Block or unblock a player or agent (their tokens stop working at once)",
        description: "Recorded in the staff activity log (`account.block` / `account.unblock`).",
        security: [{ bearer: [] }],
        params: idParams("User not found."),
        response: { 200: z.object({ status: z.enum(["active", "blocked"]) }), ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const id = request.params.id;
      const status = await withStaffAction(
        deps.pool,
        request,
        (db) => deps.adminUsers.toggleStatus(id, db),
        (changed) =>
          changed && {
            action: changed === "blocked" ? "account.block" : "account.unblock",
            targetKind: "account",
            targetId: id,
          },
      );
      if (!status) throw notFound("User not found.");
      return { status };
    },
  );

  api.get(
    "/api/admin/accounts",
    {
      schema: {
        tags: ["back office"],
        summary: "Agent (admin) accounts, paged and searchable",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: z.object({ admins: z.array(adminSchema), ...page }), ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { page, search } = request.query;
      const { admins, total } = await deps.adminUsers.admins(page, search);
      return { admins, currentPage: page, totalPages: totalPages(total) };
    },
  );

  api.post(
    "/api/admin/accounts/create",
    {
      schema: {
        tags: ["back office"],
        summary: "Create an agent (admin) account",
        security: [{ bearer: [] }],
        description:
          "Staff password rule: at least 10 characters (surrounding spaces not counted), letters and digits, not trivial. Recorded in the staff activity log (`agent.create`).",
        body: createAdminAccountSchema,
        response: { 201: adminSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request, reply) => {
      const created = await createStaffAccount(deps, request, "admin", request.body);
      return reply.code(201).send({
        id: created.id,
        fullName: created.full_name,
        email: created.email,
        status: created.status,
      });
    },
  );

  api.post(
    "/api/admin/bonus/grant",
    {
      schema: {
        tags: ["back office"],
        summary: "Grant a bonus (playable balance) to a player",
        security: [{ bearer: [] }],
        body: z.object({
          userId: uuidField("Player not found."),
          amount: amountField(1, "Amount must be positive."),
        }),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: superAdmin,
      preHandler: app.idempotent,
      config: { limit: "money" },
    },
    async (request) => {
      const player = await deps.users.findById(request.body.userId);
      if (player?.role !== "user") throw notFound("Player not found.");
      const ctx = commandContext(request);
      const grantId = ctx.commandId ? stepId(ctx.commandId, "bonus") : crypto.randomUUID();
      await deps.ledger.bonuses.grant(player.id, grantId, request.body.amount, ctx);
      return { message: "Bonus granted." };
    },
  );
}
