import type { Role } from "@igp/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isCurrentToken, type Tokens } from "../../accounts/tokens.ts";
import type { UserRow, UsersRepository } from "../../accounts/users-repository.ts";
import { forbidden, unauthorized } from "../http-error.ts";

export type AuthUser = Pick<UserRow, "id" | "role" | "full_name" | "user_name">;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate`. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token of an active user (before the body is read). */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: authenticate, then require one of `roles`. */
    requireRole(...roles: Role[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Bearer tokens, checked on every request that needs them: signature, `exp` and `sub` (HS256 only),
 * then the account itself (read with the other requests of the moment): a token older than the
 * account's token version (password changed or reset, blocked, signed out everywhere) or of a
 * blocked user is refused at once.
 */
export const authentication = fp(
  async (app: FastifyInstance, deps: { tokens: Tokens; users: UsersRepository }) => {
    app.decorateRequest("user", null);

    async function authenticate(request: FastifyRequest) {
      const header = request.headers.authorization ?? "";
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorized("Please sign in.");
      const claims = await deps.tokens.verify(match[1]!);
      if (!claims) throw unauthorized("Your session has expired. Please sign in again.");
      const user = await deps.users.findSignedIn(claims.userId);
      // Blocked first: blocking also ends the tokens, and the owner should learn why.
      if (user?.status === "blocked") throw forbidden("Your account is blocked.");
      if (!user || !isCurrentToken(claims, user)) {
        request.log.info({ userId: claims.userId }, "token refused: account gone or token revoked");
        throw unauthorized("Your session has expired. Please sign in again.");
      }
      request.user = user;
    }

    app.decorate("authenticate", authenticate);
    app.decorate("requireRole", (...roles: Role[]) => async (request: FastifyRequest) => {
      await authenticate(request);
      if (!roles.includes(request.user!.role)) throw forbidden();
    });
  },
  { name: "authentication" },
);
