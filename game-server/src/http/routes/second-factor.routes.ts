import { messageSchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import type { SecondFactors } from "../../accounts/second-factor.ts";
import type { Sessions } from "../../accounts/sessions.ts";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";

/**
 * The superAdmin resets a staff member's (or player's) second factor when their phone is lost:
 * the authenticator and recovery codes go, every session of the account ends, and the next
 * sign-in sets up a new authenticator. Recorded in the staff activity log. Nobody else may.
 */
export async function secondFactorRoutes(
  app: FastifyInstance,
  deps: {
    secondFactors: SecondFactors;
    users: UsersRepository;
    sessions: Sessions;
    pool: pg.Pool;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/admin/users/two-factor/reset/:id",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Reset an account's two-factor sign-in (lost phone): its authenticator and recovery codes go, its sessions end",
        description: "Recorded in the staff activity log (`two_factor.reset`).",
        security: [{ bearer: [] }],
        params: idParams("User not found."),
        body: z.object({}).strict().nullish(),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: app.requireRole("superAdmin"),
    },
    async (request) => {
      const target = await deps.users.findById(request.params.id);
      if (!target) throw notFound("User not found.");
      const had = await withStaffAction(
        deps.pool,
        request,
        async (db) => {
          const removed = await deps.secondFactors.reset(target.id, db);
          await deps.users.revokeTokens(target.id, db);
          await deps.sessions.endAll(target.id, db);
          return removed;
        },
        () => ({
          action: "two_factor.reset",
          targetKind: "account",
          targetId: target.id,
          playerId: target.role === "user" ? target.id : null,
        }),
      );
      request.log.warn(
        { by: request.user!.id, userId: target.id, role: target.role, had },
        "second factor reset by superAdmin",
      );
      return {
        message:
          "Two-factor sign-in reset. The account sets up a new authenticator at its next sign-in.",
      };
    },
  );
}
