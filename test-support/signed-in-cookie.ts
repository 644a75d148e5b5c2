import { SIGNED_IN_COOKIE } from "@igp/shared/page-reads";
/**
 * For the client's component tests: the readable cookie the server sets beside the httpOnly
 * session cookie, which tells the app a session exists (client/src/lib/api-client.ts). One place
 * writes `document.cookie` for every test.
 */
export function markSignedIn(signedIn = true) {
  const { document } = globalThis as unknown as { document: { cookie: string } };
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; path=/`
    : `${SIGNED_IN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/**
 * The value the server gives that cookie at sign-in for this token's account
 * (game-server/src/http/session-cookie.ts): `staff` for a staff member, else `1`. The token's
 * role is read from its claims, as a browser test or bench that signs in by token cannot ask.
 */
export function signedInHint(token: string): "1" | "staff" {
  const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}");
  return claims.role && claims.role !== "user" ? "staff" : "1";
}
