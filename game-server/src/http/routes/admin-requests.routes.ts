import { type Ledger, LedgerError } from "@igp/ledger";
import {
  approvalNoteFields,
  depositTransactionSchema,
  FRAUD_MESSAGES,
  messageSchema,
  PAYMENT_REFERENCE_REQUIRED,
  pageQuerySchema,
  text,
  WITHDRAW_CODE_REQUIRED,
  withdrawApprovalSchema,
  withdrawalTransactionSchema,
} from "@igp/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { DuplicateReferenceGuard } from "../../fraud-signals/duplicate-reference-guard.ts";

import { readAdvanceBasisPoints } from "../../settings/settings-repository.ts";
import type { CodeAttempts } from "../../wallet/code-attempts.ts";
import type { RequestCodes } from "../../wallet/request-codes.ts";
import type { RequestsRepository } from "../../wallet/requests-repository.ts";
import { badRequest, conflict, forbidden, notFound } from "../http-error.ts";
import { commandContext } from "../request-context.ts";
import { errorResponses as errors, idParams, pagedResponse, pageOf } from "../schemas.ts";

const requestId = idParams("Request not found.");
const PAYMENT_REFERENCE_USED =
  "This payment reference is already recorded for another withdrawal. Check the transfer.";

/**
 * Deposit and withdrawal requests in the back office. An agent (admin) sees and decides agent
 * deposits and agent-method withdrawals, paying from or into its own float; the superAdmin
 * decides bank deposits and bank withdrawals.
 */
export async function adminRequestsRoutes(
  app: FastifyInstance,
  deps: {
    ledger: Ledger;
    requests: RequestsRepository;
    codes: RequestCodes;
    codeAttempts: CodeAttempts;
    pool: pg.Pool;
    duplicateReferences: DuplicateReferenceGuard;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = app.requireRole("admin", "superAdmin");
  // The lists: an auditor reads them too (read-only: the gate refuses its decisions).
  const readers = app.requireRole("admin", "superAdmin", "auditor");

  /** Runs an approval that checks a player's code, counting and logging wrong codes. */
  async function withCodeCheck(
    request: FastifyRequest,
    requestId: string,
    approve: () => Promise<void>,
  ) {
    const staffId = request.user!.id;
    await deps.codeAttempts.assertAllowed(requestId, staffId);
    try {
      await approve();
    } catch (error) {
      if (error instanceof LedgerError && error.code === "wrong_code") {
        await deps.codeAttempts.recordFailure(requestId, staffId);
        request.log.warn({ requestId, staffId, reason: "wrong-request-code" }, error.message);
      }
      throw error;
    }
  }

  api.get(
    "/api/admin/deposit/requests",
    {
      schema: {
        tags: ["back office"],
        summary: "Deposit requests, newest first (agents see Agent Deposit requests only)",
        description:
          "Staff never see a player's deposit code: `gameCode` and `depositCode` are masked (their last two characters), and approval needs the code the player gives. A search by the whole code finds its request.",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: pagedResponse("transactions", depositTransactionSchema), ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const { page, search } = request.query;
      const method = request.user!.role === "admin" ? ("agent" as const) : undefined;
      const { transactions, total } = await deps.requests.deposits(
        { method, search },
        page,
        "staff",
      );
      return pageOf("transactions", transactions, page, total);
    },
  );

  api.post(
    "/api/admin/deposit/approve/:id",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Approve a deposit: an agent with the player's deposit code (paid from its float), the superAdmin a bank deposit",
        security: [{ bearer: [] }],
        params: requestId,
        description:
          "`note`: the approver's note, kept in the approval's ledger metadata (asked by the screens when the request has fraud signals, docs/fraud-signals.md). A bank deposit whose transaction reference (ignoring case, spaces and punctuation) an approved deposit already used is refused (409) unless the superAdmin sends `overrideDuplicate: true` with a note.",
        body: z
          .object({
            depositCode: text("Deposit code").trim().max(20).optional(),
            ...approvalNoteFields,
          })
          .default({}),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: staff,
      preHandler: app.idempotent,
      config: { limit: "money", freshReads: true },
    },
    async (request, reply) => {
      const deposit = await deps.requests.depositById(request.params.id);
      if (!deposit) throw notFound("Deposit request not found.");
      const { note, overrideDuplicate } = request.body;
      if (overrideDuplicate && !note) throw badRequest(FRAUD_MESSAGES.overrideNeedsNote, "note");
      if (deposit.status === "pending") await app.stepUp(request, reply, Number(deposit.amount));
      const ctx = { ...commandContext(request), ...(note && { note }) };
      if (deposit.method === "agent") {
        if (request.user!.role !== "admin")
          throw badRequest("An agent deposit is approved by an agent, from its float.");
        const code = request.body.depositCode;
        if (!code) throw badRequest("Please enter a deposit code before approving.");
        await withCodeCheck(request, request.params.id, () =>
          deps.ledger.deposits.approveAgent(request.params.id, deps.codes.present(code), ctx),
        );
      } else {
        if (request.user!.role !== "superAdmin")
          throw forbidden("Bank deposits are approved by a superAdmin.");
        const approval = {
          depositId: deposit.id,
          transactionId: deposit.transaction_id,
          staffId: request.user!.id,
          overrideNote: overrideDuplicate ? note! : null,
        };
        await deps.duplicateReferences.approve(approval, () =>
          deps.ledger.deposits.approveBank(request.params.id, ctx),
        );
      }
      return { message: "Deposit approved." };
    },
  );

  api.get(
    "/api/admin/withdraw/requests",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Withdrawal requests, newest first (agents see withdrawals through an agent only, without bank details)",
        description:
          "Staff never see a player's withdraw code: `gameCode` is masked (its last two characters), and approval needs the code the player gives.",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: pagedResponse("transactions", withdrawalTransactionSchema), ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const { page, search } = request.query;
      const method = request.user!.role === "admin" ? ("agent" as const) : undefined;
      const { transactions, total } = await deps.requests.withdrawals(
        { method, search },
        page,
        "staff",
      );
      return pageOf("transactions", transactions, page, total);
    },
  );

  api.post(
    "/api/admin/withdraw/approve/:id",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Approve a withdrawal: through an agent with the player's withdraw code (the payout goes to the agent's float), to a bank with the payment reference of the transfer made",
        description:
          "`note`: the approver's note, kept in the approval's ledger metadata (asked by the screens when the request has fraud signals). An agent-method withdrawal needs `withdrawCode` (the code the player gives the agent). A bank withdrawal needs `paymentReference`: the reference of the transfer the superAdmin made to the player's account, 4 to 40 letters and digits with at least one digit, which the player then sees in their withdrawals.",
        security: [{ bearer: [] }],
        params: requestId,
        body: withdrawApprovalSchema.extend({ note: approvalNoteFields.note }),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: staff,
      preHandler: app.idempotent,
      config: { limit: "money", freshReads: true },
    },
    async (request, reply) => {
      const withdrawal = await deps.requests.withdrawalById(request.params.id);
      if (!withdrawal) throw notFound("Withdrawal request not found.");
      assertMayDecideWithdrawal(request.user!.role, withdrawal.method);
      if (withdrawal.status === "pending")
        await app.stepUp(request, reply, Number(withdrawal.amount));
      const { withdrawCode, paymentReference, note } = request.body;
      const ctx = { ...commandContext(request), ...(note && { note }) };
      if (withdrawal.method === "agent") {
        if (!withdrawCode) throw badRequest(WITHDRAW_CODE_REQUIRED, "withdrawCode");
        const proof = { withdrawCode: deps.codes.present(withdrawCode) };
        const advance = await readAdvanceBasisPoints(deps.pool, "subAdminWithdraw");
        await withCodeCheck(request, request.params.id, () =>
          deps.ledger.withdrawals.approve(request.params.id, proof, ctx, advance),
        );
      } else {
        if (!paymentReference) throw badRequest(PAYMENT_REFERENCE_REQUIRED, "paymentReference");
        if (await deps.requests.paymentReferenceUsed(paymentReference, request.params.id))
          throw conflict(PAYMENT_REFERENCE_USED, "paymentReference");
        await deps.ledger.withdrawals.approve(request.params.id, { paymentReference }, ctx);
      }
      return { message: "Withdrawal approved." };
    },
  );

  api.post(
    "/api/admin/disapprove/:id",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Disapprove a pending deposit or withdrawal (a withdrawal's hold goes back to the player)",
        security: [{ bearer: [] }],
        params: requestId,
        response: { 200: messageSchema, ...errors },
      },
      onRequest: staff,
      preHandler: app.idempotent,
      config: { limit: "money", freshReads: true },
    },
    async (request) => {
      const kind = await deps.requests.kindOf(request.params.id);
      if (!kind) throw notFound("Request not found.");
      const ctx = commandContext(request);
      if (kind === "deposit") {
        const deposit = await deps.requests.depositById(request.params.id);
        if (request.user!.role === "admin" && deposit.method !== "agent")
          throw forbidden("Bank deposits are decided by a superAdmin.");
        await deps.ledger.deposits.disapprove(request.params.id, ctx);
      } else {
        const withdrawal = await deps.requests.withdrawalById(request.params.id);
        assertMayDecideWithdrawal(request.user!.role, withdrawal.method);
        await deps.ledger.withdrawals.disapprove(request.params.id, ctx);
      }
      return { message: "Request disapproved." };
    },
  );
}

/** Agents decide withdrawals paid through an agent; bank withdrawals are the superAdmin's. */
function assertMayDecideWithdrawal(role: string, method: string) {
  if (role === "admin" && method !== "agent")
    throw forbidden("Bank withdrawals are decided by a superAdmin.");
  if (role === "superAdmin" && method === "agent") {
    throw badRequest("A withdrawal through an agent is approved by the agent who pays it.");
  }
}
