import { messageSchema } from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SecondFactors } from "../../accounts/second-factor.ts";
import type { Sessions } from "../../accounts/sessions.ts";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";

/**
 * The superAdmin resets a staff member's (or player's) second factor when their phone is lost:
 * the authenticator and recovery codes go, every session of the account ends, and the next
 * sign-in sets up a new authenticator. Logged with who did it. Nobody else may.
 */
export async function secondFactorRoutes(
  app: FastifyInstance,
  deps: { secondFactors: SecondFactors; users: UsersRepository; sessions: Sessions },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/admin/users/two-factor/reset/:id",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Reset an account's two-factor sign-in (lost phone): its authenticator and recovery codes go, its sessions end",
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
      const had = await deps.secondFactors.reset(target.id);
      await deps.users.revokeTokens(target.id);
      await deps.sessions.endAll(target.id);
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
