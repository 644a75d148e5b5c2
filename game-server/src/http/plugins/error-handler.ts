import { LedgerError, type LedgerErrorCode } from "@igp/ledger";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../../database/unavailable.ts";
import { DomainError, type DomainErrorKind } from "../../domain-error.ts";
import { isRedisUnavailable } from "../../realtime/redis-connections.ts";
import { refusalOf } from "../bad-input.ts";
import { HttpError } from "../http-error.ts";

const LEDGER_STATUS: Record<LedgerErrorCode, number> = {
  invalid: 400,
  insufficient_funds: 400,
  wrong_code: 400,
  insufficient_float: 409,
  not_found: 404,
  not_pending: 409,
  seat_taken: 409,
  conflict: 409,
  restricted: 403,
};

const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  too_many_attempts: 429,
  conflict: 409,
};

/** Statuses that mean the request itself was malformed: logged at warn, the others at info. */
const BAD_INPUT = new Set([400, 413, 415, 422]);

/**
 * Every error leaves as JSON `{ message }` (with `field` when it is about one request field)
 * with its status: validation 400 (the schema's own message, e.g. the spec's), malformed bodies
 * and addresses 400/413/415 (see bad-input.ts), ledger and domain refusals by code and kind,
 * Fastify's 4xx as they are; a database (or, for what needs it, Redis) that cannot be reached
 * 503 (temporary: try again); other 5xx say nothing more than that something failed. Each
 * refusal leaves one "request refused" log line with its status and reason.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return refuse(
        request,
        reply,
        400,
        first?.message ?? "Invalid request.",
        "FST_ERR_VALIDATION",
        {
          field: fieldOf(first?.instancePath),
        },
      );
    }
    if (error instanceof LedgerError) {
      return refuse(request, reply, LEDGER_STATUS[error.code], error.message, error.code);
    }
    if (error instanceof DomainError) {
      return refuse(request, reply, DOMAIN_STATUS[error.kind], error.message, undefined, {
        field: error.field,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send({ message: DATABASE_UNAVAILABLE });
    }
    if (isRedisUnavailable(error)) {
      request.log.warn({ reason: error.message, url: request.url }, "redis unavailable");
      return reply.code(503).header("retry-after", "5").send({ message: DATABASE_UNAVAILABLE });
    }
    const refusal = refusalOf(error, request);
    if (refusal)
      return refuse(request, reply, refusal.status, refusal.message, error.code, { cause: error });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(status).send({ message: "Something went wrong. Please try again." });
    }
    const field = error instanceof HttpError ? error.field : undefined;
    return refuse(request, reply, status, error.message, error.code, { field });
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
  { cause, field }: { cause?: Error; field?: string } = {},
) {
  const entry = { statusCode: status, reason, code, ...(cause && { cause: cause.message }) };
  if (BAD_INPUT.has(status)) request.log.warn(entry, "request refused");
  else request.log.info(entry, "request refused");
  return reply.code(status).send({ message: reason, ...(field && { field }) });
}

/** A body field's name from a validation issue's path ("/accountNumber"), for the client's form. */
function fieldOf(instancePath: string | undefined): string | undefined {
  const first = instancePath?.split("/")[1];
  return first || undefined;
}
