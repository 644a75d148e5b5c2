import type { Role } from "@igp/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import type { Sessions } from "../../accounts/sessions.ts";
import type { Tokens } from "../../accounts/tokens.ts";
import type { UserRow } from "../../accounts/users-repository.ts";
import type { AccountTraces } from "../../linked-accounts/account-traces.ts";
import { maskPersonalData, seesPersonalData } from "../../security/personal-data-mask.ts";
import { auditorMay, recordAuditorAccess } from "../../staff-activity/auditor-access.ts";
import { forbidden, unauthorized } from "../http-error.ts";
import {
  clearSessionCookies,
  presentedToken,
  SIGNED_IN_COOKIE,
  setSessionCookies,
} from "../session-cookie.ts";
import { CROSS_SITE_MESSAGE, isWrite, ourHostFor, sentFromOurPages } from "./same-origin-writes.ts";

export type AuthUser = Pick<
  UserRow,
  "id" | "role" | "full_name" | "user_name" | "personal_data" | "asks_age_first"
>;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate`. */
    user: AuthUser | null;
    /** The session the request came with, set by `authenticate`. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: a valid token (bearer or cookie) of an open session (before the body is
     * read). An auditor is refused every write but their own account's (and the refusal logged).
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: authenticate, then require one of `roles`. */
    requireRole(...roles: Role[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Signs `user` in on this request, whichever way they proved who they are: the one place a
     * session starts (refused for a blocked account). Sets the browser's cookies and answers the
     * token (for API clients and the /process/{token} hand-over). A player's sign-in records
     * the browser's device id, a sign-up (`signedUp`) its address too (linked accounts).
     */
    startSession(
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      how?: { signedUp: boolean },
    ): Promise<string>;
    /** Ends the request's own session (if any) and clears the browser's cookies. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const EXPIRED = "Your session has expired. Please sign in again.";

/**
 * Tokens, checked on every request that needs them: from `Authorization: Bearer` (API clients) or
 * the session cookie (the browser). The signature, `exp`, `sub` and `sid` (HS256 only), then the
 * session and its account (read with the other requests of the moment): a session ended (signed
 * out on that device), a token older than the account's version (password changed or reset,
 * blocked, signed out everywhere) or of a blocked account is refused at once. A refused cookie
 * is cleared, so the browser stops presenting it.
 */
export const authentication = fp(
  async (
    app: FastifyInstance,
    deps: {
      tokens: Tokens;
      sessions: Sessions;
      publicUrl: string | undefined;
      pool: pg.Pool;
      accountTraces: AccountTraces;
    },
  ) => {
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    const ourHost = ourHostFor(deps.publicUrl);

    /**
     * The auditor's gate, after the role is known: every request of an auditor is recorded
     * (auditor_access) before it is answered; one outside the role is refused (403).
     */
    async function gate(request: FastifyRequest, routeAllows: boolean) {
      if (request.user!.role !== "auditor") {
        if (!routeAllows) throw forbidden();
        return;
      }
      const may = auditorMay(request, routeAllows);
      await recordAuditorAccess(deps.pool, request, !may);
      if (!may) throw forbidden("Auditors can read but not change anything.");
    }

    async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      await identify(request, reply);
      await gate(request, true);
    }

    async function identify(request: FastifyRequest, reply: FastifyReply) {
      const presented = presentedToken(request);
      if (!presented) {
        // A browser that thinks it is signed in but holds no session cookie: forget it.
        if (request.cookies[SIGNED_IN_COOKIE]) clearSessionCookies(request, reply);
        throw unauthorized("Please sign in.");
      }
      const refuse = (error: Error) => {
        if (presented.from === "cookie") clearSessionCookies(request, reply);
        return error;
      };
      // A cookie rides along with any request the browser sends: a write on it must be vouched
      // for as coming from our pages (same-origin-writes.ts refuses the ones from other sites).
      if (
        presented.from === "cookie" &&
        isWrite(request) &&
        !sentFromOurPages(request, ourHost(request))
      )
        throw forbidden(CROSS_SITE_MESSAGE);
      const claims = await deps.tokens.verify(presented.token);
      if (!claims) throw refuse(unauthorized(EXPIRED));
      const check = await deps.sessions.check(claims, request.ip);
      if (!check.ok && check.reason === "blocked")
        throw refuse(forbidden("Your account is blocked."));
      if (!check.ok) {
        request.log.info({ userId: claims.userId }, "token refused: session ended or revoked");
        throw refuse(unauthorized(EXPIRED));
      }
      request.user = check.user;
      request.sessionId = claims.sessionId;
    }

    app.decorate("authenticate", authenticate);
    // Players' names and phones leave the back office's API masked for an auditor without the
    // superAdmin's grant (JSON here; the CSV exports mask the same columns).
    // A stream's events go as stored: the hash covers them (and they hold ids, not names).
    app.addHook("preSerialization", async (request: FastifyRequest, _reply, payload: unknown) =>
      request.url.startsWith("/api/admin/") &&
      request.routeOptions.url !== "/api/admin/ledger/streams/:streamId/events" &&
      !seesPersonalData(request.user)
        ? maskPersonalData(payload)
        : payload,
    );
    app.decorate(
      "requireRole",
      (...roles: Role[]) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          await identify(request, reply);
          await gate(request, roles.includes(request.user!.role));
        },
    );
    app.decorate(
      "startSession",
      async (
        request: FastifyRequest,
        reply: FastifyReply,
        user: UserRow,
        how?: { signedUp: boolean },
      ) => {
        if (user.status === "blocked") throw forbidden("Your account is blocked.");
        const { token } = await deps.sessions.start(user, {
          userAgent: request.headers["user-agent"] ?? "",
          address: request.ip,
        });
        if (user.role === "user") {
          if (request.deviceId) await deps.accountTraces.seenOnDevice(user.id, request.deviceId);
          if (how?.signedUp) await deps.accountTraces.signedUpFrom(user.id, request.ip);
        }
        setSessionCookies(request, reply, token, user.role);
        return token;
      },
    );
    app.decorate("endSession", async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.user && request.sessionId)
        await deps.sessions.end(request.user.id, request.sessionId);
      clearSessionCookies(request, reply);
    });
  },
  { name: "authentication" },
);
