import { LedgerError, type LedgerErrorCode } from "@igp/ledger";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../../database/unavailable.ts";

const LEDGER_STATUS: Record<LedgerErrorCode, number> = {
  invalid: 400,
  insufficient_funds: 400,
  wrong_code: 400,
  insufficient_float: 409,
  not_found: 404,
  not_pending: 409,
  seat_taken: 409,
  conflict: 409,
};

/**
 * Every error leaves as JSON `{ message }` with its status: validation 400 (the schema's own
 * message, e.g. the spec's), ledger refusals by code, Fastify's 4xx as they are; a database that
 * cannot be reached 503 (temporary: try again); other 5xx say nothing more than that something
 * failed, and are logged.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A refusal leaves a line an operator can search for ("request refused" and the reason).
    const refuse = (status: number, message: string) => {
      request.log.info({ statusCode: status, reason: message }, "request refused");
      return reply.code(status).send({ message });
    };
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      return refuse(400, issue?.message ?? "Invalid request.");
    }
    if (error instanceof LedgerError) return refuse(LEDGER_STATUS[error.code], error.message);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send({ message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ message: "Something went wrong. Please try again." });
    }
    return refuse(status, error.message);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Not found." }));
});
