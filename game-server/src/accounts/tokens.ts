import type { Role } from "@igp/shared";
import { jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";

/**
 * Access tokens: HS256 only (the algorithm is pinned on verification), 8 hours. A token names its
 * account (`sub`) and its session (`sid`, a row of user_sessions: ended by a sign-out of that
 * device), must expire (`exp`), and carries the account's token version (`ver`): the version is
 * bumped on a password change, an admin reset, a block or unblock and a sign-out everywhere, and
 * every request compares it with the account's, so older tokens stop at once.
 */
const ALGORITHM = "HS256";
const ISSUER = "instant-games-platform";
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;

export interface TokenClaims {
  userId: string;
  role: Role;
  version: number;
  sessionId: string;
}

/** Verified tokens kept (each until its own expiry): a player's token is sent many times. */
const VERIFIED_TOKENS_KEPT = 20_000;

export function createTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  // Imported once: given raw bytes, every verification would import the key again.
  const verifyKey = crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  // The same token string always verifies the same way until it expires (the account's token
  // version is still compared on every request), so its signature is checked once.
  const verified = new LRUCache<string, TokenClaims>({ max: VERIFIED_TOKENS_KEPT });
  return {
    issue(claims: TokenClaims): Promise<string> {
      return new SignJWT({ role: claims.role, ver: claims.version, sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(key);
    },
    /** The claims of a valid, unexpired token of ours; null for anything else. */
    async verify(token: string): Promise<TokenClaims | null> {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await verifyKey, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ["exp", "sub", "ver", "sid"],
        });
        if (typeof payload.sub !== "string" || !Number.isInteger(payload.ver)) return null;
        if (typeof payload.sid !== "string") return null;
        const claims = {
          userId: payload.sub,
          role: payload.role as Role,
          version: payload.ver as number,
          sessionId: payload.sid,
        };
        const lifeLeft = payload.exp! * 1000 - Date.now();
        if (lifeLeft > 0) verified.set(token, claims, { ttl: lifeLeft });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;

/** The account a token was issued to: still current only while its version matches. */
export const isCurrentToken = (claims: TokenClaims, user: { token_version: number }) =>
  claims.version === user.token_version;
