import { randomUUID } from "node:crypto";
import { type CommandContext, stepId } from "@igp/ledger";
import type { FastifyRequest } from "fastify";
import { forbidden } from "./http-error.ts";

/** The ledger's view of an HTTP request: who, when, from where, which request, its idempotency key. */
export function commandContext(request: FastifyRequest): CommandContext {
  const user = request.user!;
  // The authentication gate refuses an auditor's writes first; this keeps it out of the ledger.
  if (user.role === "auditor") throw forbidden("Auditors can read but not change anything.");
  return {
    actor: { userId: user.id, role: user.role },
    at: new Date().toISOString(),
    requestId: String(request.id),
    ip: request.ip,
    ...(request.idempotencyKey && { commandId: `${user.id}:${request.idempotencyKey}` }),
  };
}

/**
 * A new entity id for this request: random, or derived from the Idempotency-Key so that a retry
 * of a request whose answer was lost names the same deposit or withdrawal (and the ledger
 * treats it as the same command).
 */
export function newEntityId(request: FastifyRequest, purpose: string): string {
  const key = request.idempotencyKey;
  return key ? stepId(request.user!.id, key, purpose) : randomUUID();
}
