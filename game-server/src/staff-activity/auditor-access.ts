import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type pg from "pg";

/**
 * The writes an auditor may make: their own sessions and password, nothing of anyone else's.
 * Every other write route refuses the role (403), whatever roles it lets in.
 */
const OWN_ACCOUNT_WRITES = new Set([
  "/api/auth/logout",
  "/api/auth/logout-all",
  "/api/auth/session",
  "/api/auth/sessions/:id/end",
  "/api/user/update/password",
]);

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What an auditor's request may do, given whether its route lets the role in at all:
 * reads the route allows, and their own account's writes; everything else is refused.
 */
export function auditorMay(request: FastifyRequest, routeAllows: boolean): boolean {
  if (OWN_ACCOUNT_WRITES.has(request.routeOptions.url ?? "")) return true;
  return routeAllows && READS.has(request.method);
}

/**
 * Records one request of an auditor in auditor_access, BEFORE it is answered (a read is not
 * served without its row: a failed insert fails the request): who, what (method and path with
 * its query), when, from which address, and whether it was refused.
 */
export async function recordAuditorAccess(
  db: pg.Pool,
  request: FastifyRequest,
  refused: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO auditor_access (id, staff_id, action, method, path, ip, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      randomUUID(),
      request.user!.id,
      refused ? "auditor.refused" : "auditor.read",
      request.method,
      request.url.slice(0, 500),
      request.ip.slice(0, 64),
      String(request.id).slice(0, 100),
    ],
  );
}
