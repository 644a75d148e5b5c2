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

  const routes = [
    { kind: "deposit", title: "A deposit request's", missing: "Deposit request not found." },
    { kind: "withdraw", title: "A withdrawal request's", missing: "Withdrawal request not found." },
  ] as const;
  for (const { kind, title, missing } of routes) {
    api.get(
      `/api/admin/${kind}/signals/:id`,
      {
        schema: {
          tags: ["back office"],
          summary: `${title} fraud signals`,
          description: SIGNALS_DESCRIPTION,
          security: [{ bearer: [] }],
          params: idParams(missing),
          response: { 200: fraudSignalsResponseSchema, ...errors },
        },
        onRequest: readers,
      },
      async (request) => {
        const read = kind === "deposit" ? deps.signals.forDeposit : deps.signals.forWithdrawal;
        const signals = await read.call(deps.signals, request.params.id, agentOnly(request));
        if (!signals) throw notFound(missing);
        return { signals };
      },
    );
  }
}

/** An agent sees the requests paid through agents only, as in its lists. */
const agentOnly = (request: FastifyRequest) =>
  request.user!.role === "admin" ? ("agent" as const) : undefined;
