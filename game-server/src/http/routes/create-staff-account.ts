import type { createAdminAccountSchema } from "@igp/shared";
import type { FastifyRequest } from "fastify";
import type pg from "pg";
import type { z } from "zod";
import { hashPassword } from "../../accounts/passwords.ts";
import type { UserRow, UsersRepository } from "../../accounts/users-repository.ts";
import { withStaffAction } from "../../staff-activity/staff-actions.ts";
import { conflict } from "../http-error.ts";

/** The staff roles the superAdmin creates, and how the activity log names each creation. */
const CREATED_AS = {
  admin: { action: "agent.create", targetKind: "agent" },
  auditor: { action: "auditor.create", targetKind: "auditor" },
} as const;

/**
 * Creates an agent's or an auditor's account and records it in the staff activity log in the
 * same transaction; an e-mail already taken is a 409 and creates nothing.
 */
export async function createStaffAccount(
  deps: { pool: pg.Pool; users: UsersRepository },
  request: FastifyRequest,
  role: keyof typeof CREATED_AS,
  { fullName, email, password }: z.infer<typeof createAdminAccountSchema>,
): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  const { action, targetKind } = CREATED_AS[role];
  const created = await withStaffAction(
    deps.pool,
    request,
    (db) => deps.users.create({ fullName, email, passwordHash, role }, db),
    (user) => user && { action, targetKind, targetId: user.id },
  );
  if (!created) throw conflict("An account with this email already exists.", "email");
  return created;
}
