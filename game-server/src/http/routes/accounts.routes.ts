import type { Ledger } from "@igp/ledger";
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  EMAIL_PATTERN,
  loginRequestSchema,
  loginResponseSchema,
  messageSchema,
  registerRequestSchema,
  registerResponseSchema,
  secondFactorChallengeSchema,
  sessionListSchema,
  sessionUserSchema,
  updateProfileRequestSchema,
} from "@igp/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkNewPassword } from "../../accounts/new-password.ts";
import { hashPassword, verifyPassword } from "../../accounts/passwords.ts";
import type { SecondFactors } from "../../accounts/second-factor.ts";
import { sessionOf } from "../../accounts/session.ts";
import type { Sessions } from "../../accounts/sessions.ts";
import {
  failedAttemptsNotice,
  type SignInThrottle,
  signInRefusal,
} from "../../accounts/sign-in-throttle.ts";
import type { UsersRepository } from "../../accounts/users-repository.ts";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../http-error.ts";
import { errorResponses as errors, idParams } from "../schemas.ts";
import { type SecondFactorPolicy, secondFactorStep } from "../second-factor-gate.ts";
import { clearSessionCookies, presentedToken, setSessionCookies } from "../session-cookie.ts";

export interface AccountsDependencies {
  users: UsersRepository;
  sessions: Sessions;
  ledger: Ledger;
  signInThrottle: SignInThrottle;
  secondFactors: SecondFactors;
  secondFactorPolicy: SecondFactorPolicy;
  minimumAge: number;
}

/** Compared against when the login matches no account, so both cost one argon2 verification. */
const NO_ACCOUNT_HASH = hashPassword("no account has this password");

/** Registration, sign-in, the session, profile and password (player spec sections 5 and 7). */
export async function accountsRoutes(
  app: FastifyInstance,
  {
    users,
    sessions,
    ledger,
    signInThrottle,
    secondFactors,
    secondFactorPolicy,
    minimumAge,
  }: AccountsDependencies,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/auth/user/register",
    {
      schema: {
        tags: ["accounts"],
        summary: "Register a player by phone or e-mail; the answer signs the player in",
        description:
          "The player confirms the minimum age (MINIMUM_AGE, 18 by default) and accepts the terms (`ageConfirmed`, `termsAccepted`: both true); the confirmation is a ledger event (AgeConfirmed).",
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
      config: { limit: "register" },
    },
    async (request, reply) => {
      const { phone: login, fullName, password } = request.body;
      const isEmail = EMAIL_PATTERN.test(login);
      const phone = isEmail ? null : users.normalisePhone(login);
      if (!isEmail && !phone) {
        request.log.info({ refusal: "invalid phone" }, "registration refused");
        throw badRequest("Enter a valid phone number or email.", "phone");
      }
      const created = await users.create({
        fullName,
        ...(isEmail ? { email: login } : { phone }),
        passwordHash: await hashPassword(password),
        role: "user",
      });
      if (!created) throw conflict("An account with this phone or email already exists.", "phone");
      // Asked by the form (the schema requires both boxes): recorded before the first stake.
      await ledger.saferPlay.confirmAge(created.id, minimumAge, {
        actor: { userId: created.id, role: "user" },
        at: new Date().toISOString(),
        requestId: String(request.id),
      });
      const token = await app.startSession(request, reply, created, { signedUp: true });
      await users.recordLogin(created.id);
      return reply.code(201).send({
        message: "Account created successfully!",
        token,
        ...(await sessionOf(created, ledger)),
      });
    },
  );

  api.post(
    "/api/auth/user/login",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign in with phone or e-mail and password",
        description:
          "Per-account throttling: after 5 wrong passwords, 429 with Retry-After for 30 s, doubling per further failure up to 15 min, whatever the address.",
        body: loginRequestSchema,
        response: {
          200: z.union([loginResponseSchema, secondFactorChallengeSchema]),
          ...errors,
        },
      },
      config: { limit: "login" },
    },
    async (request, reply) => {
      // Throttled by the login as typed (in its canonical form), before the account is looked
      // up: a login that matches no account is counted, locked and answered exactly like one
      // that does, so neither the status nor the time tells which accounts exist.
      const throttleKey = `login:${users.loginKey(request.body.phone)}`;
      const wait = await signInThrottle.waitSeconds(throttleKey);
      if (wait > 0) {
        request.log.warn({ throttleKey, wait }, "sign-in throttled");
        return reply.code(429).header("Retry-After", String(wait)).send(signInRefusal(wait));
      }
      const user = await users.findByLogin(request.body.phone);
      // An unknown login, or an account without a password (Google, Telegram), costs the same
      // argon2 verification as a wrong password.
      const hash = user?.password_hash ?? (await NO_ACCOUNT_HASH);
      const valid = (await verifyPassword(hash, request.body.password)) && user?.password_hash;
      if (!user || !valid) {
        const failures = await signInThrottle.recordFailure(throttleKey);
        request.log.warn({ throttleKey, failures }, "sign-in refused: wrong password");
        throw unauthorized("Invalid phone/email or password.");
      }
      if (user.status === "blocked") throw forbidden("Your account is blocked.");
      const { code } = request.body;
      const second = await secondFactorStep(
        secondFactors,
        secondFactorPolicy,
        user,
        code,
        request,
        reply,
      );
      if ("secondFactor" in second) return second;
      const unseenFailures = await signInThrottle.recordSuccess(throttleKey);
      const token = await app.startSession(request, reply, user);
      await users.recordLogin(user.id);
      const notices = [
        ...(unseenFailures > 0 ? [failedAttemptsNotice(unseenFailures)] : []),
        ...second.notices,
      ];
      return {
        token,
        ...(await sessionOf(user, ledger)),
        ...(unseenFailures > 0 && { failedSignInAttempts: unseenFailures }),
        ...(notices.length > 0 && { notice: notices.join(" ") }),
        ...(second.recoveryCodes && { recoveryCodes: second.recoveryCodes }),
      };
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
      const { username } = request.body;
      const phone = request.body.phone ? users.normalisePhone(request.body.phone) : undefined;
      if (phone === null) {
        request.log.info({ refusal: "invalid phone" }, "profile update refused");
        throw badRequest("Enter a valid phone number.", "phone");
      }
      const updated = await users.updateProfile(request.user!.id, { userName: username, phone });
      if (!updated) throw conflict("This phone number belongs to another account.", "phone");
      return { message: "Profile updated." };
    },
  );

  api.post(
    "/api/user/update/password",
    {
      schema: {
        tags: ["accounts"],
        summary: "Change the password (ends every other session; answers this device's new token)",
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, ...errors },
      },
      onRequest: app.authenticate,
      config: { limit: "login" },
    },
    async (request, reply) => {
      const user = (await users.findById(request.user!.id))!;
      const valid =
        user.password_hash &&
        (await verifyPassword(user.password_hash, request.body.currentPassword));
      if (!valid) throw badRequest("The current password is incorrect.", "currentPassword");
      await checkNewPassword(user, request.body.newPassword, {
        required: "Please fill all fields.",
        tooShort: "Password length should not  less than 6 (six) digits",
      });
      const newPassword = await hashPassword(request.body.newPassword);
      const version = await users.setPasswordHash(user.id, newPassword);
      await sessions.endAll(user.id);
      // Every session has ended with the old version; this device goes on in a new one.
      const token = await app.startSession(request, reply, { ...user, token_version: version });
      return { message: "Password changed.", token };
    },
  );

  api.post(
    "/api/auth/logout-all",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign out everywhere: every token of the account stops working",
        security: [{ bearer: [] }],
        // Nothing to send: anything sent is a malformed request, refused before it acts.
        querystring: z.object({}).strict(),
        body: z.object({}).strict().nullish(),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await users.revokeTokens(request.user!.id);
      await sessions.endAll(request.user!.id);
      clearSessionCookies(request, reply);
      request.log.info({ userId: request.user!.id }, "signed out everywhere");
      return { message: "Signed out on every device." };
    },
  );

  api.post(
    "/api/auth/logout",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign out this device: its session ends and the browser's cookie is cleared",
        security: [{ bearer: [] }],
        querystring: z.object({}).strict(),
        body: z.object({}).strict().nullish(),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      request.log.info({ userId: request.user!.id }, "signed out");
      return { message: "Signed out." };
    },
  );

  api.post(
    "/api/auth/session",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Keep the bearer token's session in this browser's cookie (/process/{token}: a sign-in handed over by a link)",
        security: [{ bearer: [] }],
        querystring: z.object({}).strict(),
        body: z.object({}).strict().nullish(),
        response: { 200: sessionUserSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const presented = presentedToken(request)!;
      setSessionCookies(request, reply, presented.token, request.user!.role);
      return sessionOf(request.user!, ledger);
    },
  );

  api.get(
    "/api/auth/sessions",
    {
      schema: {
        tags: ["accounts"],
        summary: "The account's open sessions: device, address, last seen; this one marked",
        security: [{ bearer: [] }],
        response: { 200: sessionListSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      sessions: await sessions.list(request.user!.id, request.sessionId ?? undefined),
    }),
  );

  api.post(
    "/api/auth/sessions/:id/end",
    {
      schema: {
        tags: ["accounts"],
        summary: "Sign out one of the account's sessions (its token and cookie stop working)",
        security: [{ bearer: [] }],
        params: idParams("Session not found."),
        body: z.object({}).strict().nullish(),
        response: { 200: messageSchema, ...errors },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const ended = await sessions.end(request.user!.id, request.params.id);
      if (!ended) throw notFound("Session not found.");
      if (request.params.id === request.sessionId) clearSessionCookies(request, reply);
      request.log.info({ userId: request.user!.id, sessionId: request.params.id }, "session ended");
      return { message: "Signed out on that device." };
    },
  );
}
