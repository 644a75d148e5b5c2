import type { Role } from "@igp/shared";
import { jwtVerify, SignJWT } from "jose";

/**
 * Access tokens: HS256 only (the algorithm is pinned on verification), 8 hours. A token names its
 * account (`sub`), must expire (`exp`), and carries the account's token version (`ver`): the
 * version is bumped on a password change, an admin reset, a block or unblock and a sign-out
 * everywhere, and every request compares it with the account's, so older tokens stop at once.
 */
const ALGORITHM = "HS256";
const ISSUER = "instant-games-platform";
const LIFETIME = "8h";

export interface TokenClaims {
  userId: string;
  role: Role;
  version: number;
}

export function createTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    issue(claims: TokenClaims): Promise<string> {
      return new SignJWT({ role: claims.role, ver: claims.version })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
        .sign(key);
    },
    /** The claims of a valid, unexpired token of ours; null for anything else. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ["exp", "sub", "ver"],
        });
        if (typeof payload.sub !== "string" || !Number.isInteger(payload.ver)) return null;
        return { userId: payload.sub, role: payload.role as Role, version: payload.ver as number };
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
