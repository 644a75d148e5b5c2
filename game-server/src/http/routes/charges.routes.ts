import { agentStream, type Ledger } from "@igp/ledger";
import {
  chargeRequestSchema,
  messageSchema,
  minorToMajor,
  pageQuerySchema,
  proofLinkSchema,
  SCREENSHOT_REQUIRED,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { readAdvanceBasisPoints } from "../../settings/settings-repository.ts";
import type { ImageStore } from "../../uploads/image-store.ts";
import type { AgentTransactionsRepository } from "../../wallet/agent-transactions-repository.ts";
import type { BanksRepository } from "../../wallet/banks-repository.ts";
import type { ChargesRepository } from "../../wallet/charges-repository.ts";
import { totalPages } from "../../wallet/paged-query.ts";
import { badRequest } from "../http-error.ts";
import { commandContext, newEntityId } from "../request-context.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";

const chargeSchema = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.string(),
  accountNumber: z.string(),
  transactionId: z.string(),
  screenShot: proofLinkSchema,
  status: z.string(),
  type: z.string(),
  createdAt: z.string(),
  agent: z.object({ id: z.string(), fullName: z.string() }),
});

export interface ChargesDependencies {
  ledger: Ledger;
  banks: BanksRepository;
  charges: ChargesRepository;
  agentTransactions: AgentTransactionsRepository;
  images: ImageStore;
  pool: pg.Pool;
}

/** Agents top up their float by bank transfer with proof; the superAdmin approves (money in). */
export async function chargesRoutes(app: FastifyInstance, deps: ChargesDependencies) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");

  api.post(
    "/api/admin/charge/request",
    {
      schema: {
        tags: ["back office"],
        summary:
          "An agent's charge request: deposit bank (method), amount (ETB, at least 50), account number, transaction link, screenshot",
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        body: chargeRequestSchema.extend({
          screenshot: z.instanceof(Buffer, { message: SCREENSHOT_REQUIRED }),
        }),
        response: { 201: z.object({ message: z.string(), id: z.string() }), ...errors },
      },
      onRequest: app.requireRole("admin"),
      preHandler: app.idempotent,
      config: { limit: "money", freshReads: true },
    },
    async (request, reply) => {
      const { method, amount, accountNumber, transactionId, screenshot } = request.body;
      const bank = await deps.banks.activeByName("deposit", method);
      if (!bank) throw badRequest("Please choose an active deposit bank.", "method");
      const chargeId = newEntityId(request, "charge");
      const saved = await deps.images.save(screenshot);
      await deps.ledger.charges.request(
        {
          chargeId,
          agentId: request.user!.id,
          amount,
          bankName: bank.bank_name,
          accountNumber,
          transactionId,
          screenshot: saved,
          // The rate when it is asked for is the rate it is paid at (settings may change).
          advanceBasisPoints: await readAdvanceBasisPoints(deps.pool, "subAdminCredit"),
        },
        commandContext(request),
      );
      return reply
        .code(201)
        .send({ message: "charge request submitted successfully.", id: chargeId });
    },
  );

  api.get(
    "/api/admin/charge/requests",
    {
      schema: {
        tags: ["back office"],
        summary: "Charge requests (sub-admin transactions): an agent sees its own",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            status: z.literal("ok"),
            transactions: z.array(chargeSchema),
            currentPage: z.number(),
            totalPages: z.number(),
          }),
          ...errors,
        },
      },
      onRequest: app.requireRole("admin", "superAdmin", "auditor"),
    },
    async (request) => {
      const agentId = request.user!.role === "admin" ? request.user!.id : undefined;
      const { transactions, total } = await deps.charges.page({ agentId }, request.query.page);
      return {
        status: "ok" as const,
        transactions,
        currentPage: request.query.page,
        totalPages: totalPages(total),
      };
    },
  );

  for (const decision of ["approve", "disapprove"] as const) {
    api.post(
      `/api/admin/charge/${decision}/:id`,
      {
        schema: {
          tags: ["back office"],
          summary:
            decision === "approve"
              ? "Approve a charge: the agent's float is credited"
              : "Disapprove a charge",
          security: [{ bearer: [] }],
          params: idParams("Charge request not found."),
          response: { 200: messageSchema, ...errors },
        },
        onRequest: superAdmin,
        preHandler: app.idempotent,
        config: { limit: "money", freshReads: true },
      },
      async (request, reply) => {
        const ctx = commandContext(request);
        if (decision === "approve") {
          const amount = await deps.charges.pendingAmount(request.params.id);
          if (amount !== null) await app.stepUp(request, reply, amount);
        }
        if (decision === "approve") await deps.ledger.charges.approve(request.params.id, ctx);
        else await deps.ledger.charges.disapprove(request.params.id, ctx);
        return { message: decision === "approve" ? "Charge approved." : "Charge disapproved." };
      },
    );
  }

  api.get(
    "/api/admin/transactions",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Sub-admin transactions: agent deposits, agent withdrawals and charges (an agent sees its own)",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            status: z.literal("ok"),
            transactions: z.array(
              z.object({
                id: z.string(),
                user: z.object({ fullName: z.string() }),
                agent: z.object({ fullName: z.string() }),
                amount: z.number(),
                method: z.string(),
                accountNumber: z.string().nullable(),
                status: z.string(),
                type: z.enum(["deposit", "withdraw", "charge"]),
                screenShot: proofLinkSchema,
                createdAt: z.string(),
                /** The agent's advance on it (sub-admin settings), paid from the house. */
                advance: z.number(),
              }),
            ),
            currentPage: z.number(),
            totalPages: z.number(),
          }),
          ...errors,
        },
      },
      onRequest: app.requireRole("admin", "superAdmin", "auditor"),
    },
    async (request) => {
      const agentId = request.user!.role === "admin" ? request.user!.id : undefined;
      const { transactions, total } = await deps.agentTransactions.page(
        { agentId },
        request.query.page,
      );
      return {
        status: "ok" as const,
        transactions,
        currentPage: request.query.page,
        totalPages: totalPages(total),
      };
    },
  );

  api.get(
    "/api/admin/float",
    {
      schema: {
        tags: ["back office"],
        summary: "The signed-in agent's remaining float",
        security: [{ bearer: [] }],
        response: { 200: z.object({ mainBalance: z.number() }), ...errors },
      },
      onRequest: app.requireRole("admin"),
    },
    async (request) => {
      const agent = await deps.ledger.handler.load<{ float: number }>(
        agentStream(request.user!.id),
      );
      return { mainBalance: minorToMajor(agent.float) };
    },
  );
}
