import { LedgerError, type LedgerErrorCode } from "@igp/ledger";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { refusalOf } from "../bad-input.ts";

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

/** Statuses that mean the request itself was malformed: logged at warn, the others at info. */
const BAD_INPUT = new Set([400, 413, 415, 422]);

/**
 * Every error leaves as JSON `{ message }` with its status: validation 400 (the schema's own
 * message, e.g. the spec's), malformed bodies and addresses 400/413/415 (see bad-input.ts),
 * ledger refusals by code, Fastify's 4xx as they are; 5xx say nothing more than that something
 * failed. Each refusal leaves one "request refused" log line with its status and reason.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return refuse(
        request,
        reply,
        400,
        error.validation[0]?.message ?? "Invalid request.",
        "FST_ERR_VALIDATION",
      );
    }
    if (error instanceof LedgerError) {
      return refuse(request, reply, LEDGER_STATUS[error.code], error.message, error.code);
    }
    const refusal = refusalOf(error, request);
    if (refusal) return refuse(request, reply, refusal.status, refusal.message, error.code, error);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ message: "Something went wrong. Please try again." });
    }
    return refuse(request, reply, status, error.message, error.code);
  });
  // A missing asset or route: logged with its address, so a stale page asking for old chunks
  // (or a scanner) can be found.
  app.setNotFoundHandler((request, reply) => {
    request.log.info({ url: request.url, method: request.method }, "not found");
    return reply.code(404).send({ message: "Not found." });
  });
});

/** `frameworkErrors` of the Fastify options: a bad address gets the same answer and log line. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(error, request) ?? { status: 400, message: "Invalid request." };
  return refuse(request, reply, refusal.status, refusal.message, error.code);
}

function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  reason: string,
  code?: string,
  cause?: Error,
) {
  const entry = { statusCode: status, reason, code, ...(cause && { cause: cause.message }) };
  if (BAD_INPUT.has(status)) request.log.warn(entry, "request refused");
  else request.log.info(entry, "request refused");
  return reply.code(status).send({ message: reason });
}
