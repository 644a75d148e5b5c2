import { LedgerError, type LedgerErrorCode } from "@igp/ledger";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

const LEDGER_STATUS: Record<LedgerErrorCode, number> = {
  invalid: 400,
  insufficient_funds: 400,
  wrong_code: 400,
  insufficient_float: 409,
  not_found: 404,
  not_pending: 409,
  conflict: 409,
};

/**
 * Every error leaves as JSON `{ message }` with its status: validation 400 (the schema's own
 * message, e.g. the spec's), ledger refusals by code, Fastify's 4xx as they are; 5xx say nothing
 * more than that something failed, and are logged.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      return reply.code(400).send({ message: issue?.message ?? "Invalid request." });
    }
    if (error instanceof LedgerError) {
      return reply.code(LEDGER_STATUS[error.code]).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ message: "Something went wrong. Please try again." });
    }
    return reply.code(status).send({ message: error.message });
  });
  // A missing asset or route: logged with its address, so a stale page asking for old chunks
  // (or a scanner) can be found.
  app.setNotFoundHandler((request, reply) => {
    request.log.info({ url: request.url, method: request.method }, "not found");
    return reply.code(404).send({ message: "Not found." });
  });
});
