import { type AuthContext, ServerError } from "@colyseus/core";
import { fastifyCookie } from "@fastify/cookie";
import { SESSION_COOKIE, type Sessions } from "../accounts/sessions.ts";
import type { Tokens } from "../accounts/tokens.ts";
import type { UserRow } from "../accounts/users-repository.ts";
import { isOurOrigin } from "../security/same-host.ts";

export type RoomUser = Pick<UserRow, "id" | "role" | "full_name">;

const EXPIRED = "Your session has expired. Please sign in again.";

/**
 * Rooms take the same session as the API: the bearer token an SDK client sends
 * (`client.auth.token`), or, from the browser app, the session cookie its matchmaking request
 * carries (same origin; the SDK sends credentials). Checked the same way: a valid token of ours,
 * its session open, the account's current token version, not blocked. A cookie counts only when
 * the request's Origin is our own: another site's page cannot join rooms on a visitor's cookie.
 */
export function createRoomAuth(tokens: Tokens, sessions: Sessions, publicUrl: string | undefined) {
  return async (context: AuthContext): Promise<RoomUser> => {
    const token = context.token || sessionCookie(context, publicUrl);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw new ServerError(401, token ? EXPIRED : "Please sign in.");
    const check = await sessions.check(claims, context.ip ?? "");
    if (!check.ok && check.reason === "blocked")
      throw new ServerError(403, "Your account is blocked.");
    if (!check.ok) throw new ServerError(401, EXPIRED);
    return { id: check.user.id, role: check.user.role, full_name: check.user.full_name };
  };
}
export type RoomAuth = ReturnType<typeof createRoomAuth>;

/**
 * Who watches a room anyone may watch (a lottery): nobody (null) without credentials or with a
 * session cookie that no longer holds (a signed-out visitor still watches); a bearer token must
 * be valid, and a blocked account is refused, as in every room.
 */
export async function watcherOf(auth: RoomAuth, context: AuthContext): Promise<RoomUser | null> {
  try {
    return await auth(context);
  } catch (error) {
    if (!context.token && error instanceof ServerError && error.code === 401) return null;
    throw error;
  }
}

function sessionCookie(context: AuthContext, publicUrl: string | undefined): string | undefined {
  const cookie = context.headers.get("cookie");
  if (!cookie) return undefined;
  const origin = context.headers.get("origin");
  const ourHost = publicUrl ? new URL(publicUrl).host : context.headers.get("host");
  if (!origin || !ourHost || !isOurOrigin(origin, ourHost)) return undefined;
  return fastifyCookie.parse(cookie)[SESSION_COOKIE];
}
