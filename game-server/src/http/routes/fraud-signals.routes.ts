import { fraudSignalsResponseSchema } from "@igp/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RequestSignals } from "../../fraud-signals/request-signals.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";

const SIGNALS_DESCRIPTION =
  "What an approver is shown before deciding (docs/fraud-signals.md): each signal's kind, an English reason, its figures (`params`) and the other request it matches with its id and status. `blocking` marks a reference an approved deposit already used: approving is then refused unless a superAdmin overrides it with a note.";

/** The fraud signals of a deposit or withdrawal request, for the approval screens. */
export async function fraudSignalsRoutes(app: FastifyInstance, deps: { signals: RequestSignals }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Whoever may see the request lists: agents (their requests), the superAdmin, the auditor.
  const readers = app.requireRole("admin", "superAdmin", "auditor");

  api.get(
    "/api/admin/deposit/signals/:id",
    {
      schema: {
        tags: ["back office"],
        summary: "A deposit request's fraud signals",
        description: SIGNALS_DESCRIPTION,
        security: [{ bearer: [] }],
        params: idParams("Deposit request not found."),
        response: { 200: fraudSignalsResponseSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const signals = await deps.signals.forDeposit(request.params.id, agentOnly(request));
      if (!signals) throw notFound("Deposit request not found.");
      return { signals };
    },
  );

  api.get(
    "/api/admin/withdraw/signals/:id",
    {
      schema: {
        tags: ["back office"],
        summary: "A withdrawal request's fraud signals",
        description: SIGNALS_DESCRIPTION,
        security: [{ bearer: [] }],
        params: idParams("Withdrawal request not found."),
        response: { 200: fraudSignalsResponseSchema, ...errors },
      },
      onRequest: readers,
    },
    async (request) => {
      const signals = await deps.signals.forWithdrawal(request.params.id, agentOnly(request));
      if (!signals) throw notFound("Withdrawal request not found.");
      return { signals };
    },
  );
}

/** An agent sees the requests paid through agents only, as in its lists. */
const agentOnly = (request: FastifyRequest) =>
  request.user!.role === "admin" ? ("agent" as const) : undefined;
