import { SIGNED_IN_COOKIE } from "@igp/shared/page-reads";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../accounts/sessions.ts";
import { TOKEN_LIFETIME_SECONDS } from "../accounts/tokens.ts";

/**
 * The browser's session: the token in an httpOnly cookie no script can read, SameSite=Lax (not
 * sent with another site's form posts or fetches), Secure everywhere but on this machine (where
 * the site is served over plain http while developing and testing). Beside it, a cookie without
 * the token that scripts may read, so the app knows whether to ask who is signed in (asking
 * without a session would only earn a 401, logged by the browser).
 */
export { SESSION_COOKIE, SIGNED_IN_COOKIE };

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Where our cookies go and how: the whole site, SameSite=Lax, Secure off this machine. */
export function cookieOptions(request: FastifyRequest) {
  return {
    path: "/",
    sameSite: "lax" as const,
    secure: !LOCAL_HOSTS.has(request.hostname) && !request.hostname.endsWith(".localhost"),
  };
}

/**
 * `igp_signed_in` is `staff` for a staff member's session, else `1`: a hint for what the page's
 * HTML announces (a staff screen's reads are not preloaded for a player, whom they would only
 * earn a 403 logged by the browser); every request is still decided by the session itself.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  role: string,
) {
  const options = { ...cookieOptions(request), maxAge: TOKEN_LIFETIME_SECONDS };
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(SIGNED_IN_COOKIE, role === "user" ? "1" : "staff", {
    ...options,
    httpOnly: false,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE])
    reply.clearCookie(name, cookieOptions(request));
}

/** The request's token: a bearer header (API clients) first, else the session cookie. */
export function presentedToken(
  request: FastifyRequest,
): { token: string; from: "bearer" | "cookie" } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? { token: match[1]!, from: "bearer" } : null;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, from: "cookie" } : null;
}
