import { randomUUID } from "node:crypto";
import {
  adminResetPasswordSchema,
  messageSchema,
  pageQuerySchema,
  resetRequestSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type pg from "pg";
import { z } from "zod";
import { checkNewPassword } from "../../accounts/new-password.ts";
import { hashPassword } from "../../accounts/passwords.ts";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { containing } from "../../database/like-pattern.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import { PagedQuery } from "../../wallet/paged-query.ts";
import { notFound } from "../http-error.ts";
import { errorResponses as errors, idParams, pageOf } from "../schemas.ts";

const resetRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(["pending", "completed"]),
  createdAt: z.string(),
});

/**
 * A player who forgot the password asks for a reset by e-mail or phone; the superAdmin sets a new
 * one and tells the player. The answer is the same whether or not the account exists.
 */
export async function passwordResetRoutes(
  app: FastifyInstance,
  { pool, users }: { pool: pg.Pool; users: UsersRepository },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = app.requireRole("superAdmin");

  api.post(
    "/api/auth/user/reset/password",
    {
      schema: {
        tags: ["accounts"],
        summary: "Ask for a password reset by e-mail or phone",
        body: resetRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
      config: { limit: "reset" },
    },
    async (request) => {
      // A phone is looked up in E.164, whichever form the player typed.
      const contact = users.loginKey(request.body.email ?? request.body.phone!);
      await pool.query(
        `INSERT INTO password_reset_requests (id, user_id, contact)
         SELECT $1, id, $2 FROM users WHERE (email = lower($2) OR phone = $2) AND role = 'user'
         ON CONFLICT DO NOTHING`,
        [randomUUID(), contact],
      );
      return {
        message: `we will send you new password via ${request.body.email ? "email" : "phone"}`,
      };
    },
  );

  api.get(
    "/api/auth/user/reset/password/requests",
    {
      schema: {
        tags: ["back office"],
        summary: "Password reset requests, newest first",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: {
          200: z.object({
            status: z.literal("ok"),
            players: z.array(resetRowSchema),
            currentPage: z.number(),
            totalPages: z.number(),
          }),
          ...errors,
        },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { page, search } = request.query;
      const query = new PagedQuery();
      // A whole phone number is searched in E.164; anything else as typed.
      if (search)
        query.where(
          "(u.full_name ILIKE $? OR u.phone = $? OR u.email = lower($?))",
          containing(search),
          users.normalisePhone(search) ?? search,
          search,
        );
      const { rows, total } = await query.run(
        pool,
        "r.id, r.user_id, u.full_name, u.phone, u.email, r.status, r.created_at",
        "FROM password_reset_requests r JOIN users u ON u.id = r.user_id",
        "r.created_at DESC, r.id",
        page,
      );
      const players = rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        fullName: r.full_name,
        phone: r.phone,
        email: r.email,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
      }));
      return pageOf("players", players, page, total);
    },
  );

  api.post(
    "/api/admin/users/reset-password/:id",
    {
      schema: {
        tags: ["back office"],
        summary:
          "Set a player's new password (completes their reset requests; ends the player's sessions)",
        description: "Recorded in the staff activity log (`password.reset`).",
        security: [{ bearer: [] }],
        params: idParams("Player not found."),
        body: adminResetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const player = await users.findById(request.params.id);
      if (player?.role !== "user") throw notFound("Player not found.");
      await checkNewPassword(player, request.body.newPassword, {
        required: "Please fill in both fields.",
        tooShort: "Password must be at least 6 characters long.",
      });
      const passwordHash = await hashPassword(request.body.newPassword);
      await withStaffAction(
        pool,
        request,
        async (db) => {
          await users.setPasswordHash(player.id, passwordHash, db);
          await db.query(
            "UPDATE password_reset_requests SET status = 'completed', completed_at = now() WHERE user_id = $1 AND status = 'pending'",
            [player.id],
          );
        },
        () => ({
          action: "password.reset",
          targetKind: "player",
          targetId: player.id,
          playerId: player.id,
        }),
      );
      request.log.info({ userId: player.id }, "player password reset by superAdmin");
      return { message: "Password changed successfully!" };
    },
  );
}
