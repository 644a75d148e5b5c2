import type { Role } from "@igp/shared";
import { jwtVerify, SignJWT } from "jose";

/** Access tokens: HS256 only (the algorithm is pinned on verification), 8 hours. */
const ALGORITHM = "HS256";
const ISSUER = "instant-games-platform";
const LIFETIME = "8h";

export interface TokenClaims {
  userId: string;
  role: Role;
}

export function createTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    issue(claims: TokenClaims): Promise<string> {
      return new SignJWT({ role: claims.role })
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
        });
        if (typeof payload.sub !== "string") return null;
        return { userId: payload.sub, role: payload.role as Role };
      } catch {
        return null;
      }
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
