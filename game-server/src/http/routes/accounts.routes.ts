import type { Ledger } from "@igp/ledger";
import {
  changePasswordRequestSchema,
  EMAIL_PATTERN,
  loginRequestSchema,
  loginResponseSchema,
  messageSchema,
  registerRequestSchema,
  registerResponseSchema,
  sessionUserSchema,
  updateProfileRequestSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { hashPassword, verifyPassword } from "../../accounts/passwords.ts";
import { sessionOf } from "../../accounts/session.ts";
import type { Tokens } from "../../accounts/tokens.ts";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { badRequest, conflict, forbidden, unauthorized } from "../http-error.ts";
import { errorResponses as errors } from "../schemas.ts";

export interface AccountsDependencies {
  users: UsersRepository;
  tokens: Tokens;
  ledger: Ledger;
}

/** Registration, sign-in, the session, profile and password (player spec sections 5 and 7). */
export async function accountsRoutes(
  app: FastifyInstance,
  { users, tokens, ledger }: AccountsDependencies,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/auth/user/register",
    {
      schema: {
        tags: ["accounts"],
        summary: "Register a player by phone or e-mail",
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
      config: { limit: "register" },
    },
    async (request, reply) => {
      const { phone, fullName, password } = request.body;
      const isEmail = EMAIL_PATTERN.test(phone);
      const created = await users.create({
        fullName,
        ...(isEmail ? { email: phone } : { phone }),
        passwordHash: await hashPassword(password),
        role: "user",
      });
      if (!created) throw conflict("An account with this phone or email already exists.");
      return reply.code(201).send({ message: "Account created successfully!", userId: created.id });
    },
  );

  api.post(
    "/api/auth/user/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with phone or e-mail and password",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
      config: { limit: "login" },
    },
    async (request) => {
      const user = await users.findByLogin(request.body.phone);
      const valid =
        user?.password_hash && (await verifyPassword(user.password_hash, request.body.password));
      if (!user || !valid) throw unauthorized("Invalid phone/email or password.");
      if (user.status === "blocked") throw forbidden("Your account is blocked.");
      const token = await tokens.issue({ userId: user.id, role: user.role });
      await users.recordLogin(user.id);
      return { token, ...(await sessionOf(user, ledger)) };
    },
  );

  api.get(
    "/api/login/user",
    {
      schema: {
        tags: ["accounts"],
        summary: "The signed-in user and balances (check user)",
        security: [{ bearer: [] }],
        response: { 200: sessionUserSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => sessionOf(request.user!, ledger),
  );

  api.post(
    "/api/user/update/profile",
    {
      schema: {
        tags: ["accounts"],
        summary: "Update username and phone",
        security: [{ bearer: [] }],
        body: updateProfileRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { username, phone } = request.body;
      const updated = await users.updateProfile(request.user!.id, { userName: username, phone });
      if (!updated) throw conflict("This phone number belongs to another account.");
      return { message: "Profile updated." };
    },
  );

  api.post(
    "/api/user/update/password",
    {
      schema: {
        tags: ["accounts"],
        summary: "Change the password",
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
      onRequest: app.authenticate,
      config: { limit: "login" },
    },
    async (request) => {
      const user = (await users.findById(request.user!.id))!;
      const valid =
        user.password_hash &&
        (await verifyPassword(user.password_hash, request.body.currentPassword));
      if (!valid) throw badRequest("The current password is incorrect.");
      await users.setPasswordHash(user.id, await hashPassword(request.body.newPassword));
      return { message: "Password changed." };
    },
  );
}
