import * as oidc from "openid-client";

export interface GoogleSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the browser must bring back to the callback: kept in a signed, short-lived cookie. */
export interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
}

/**
 * Google sign-in with OpenID Connect: authorization code flow with PKCE (S256), state and nonce.
 * Discovery happens on first use, so the server starts without reaching the provider.
 */
export function createGoogleSignIn(settings: GoogleSettings) {
  let configuration: Promise<oidc.Configuration> | null = null;
  const configure = () => {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // Only a local test provider is plain http; Google is https.
        execute: new URL(settings.issuer).protocol === "http:" ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  return {
    async start(redirectUri: string): Promise<{ url: URL; pending: PendingSignIn }> {
      const config = await configure();
      const pending = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    /** Exchanges the code; returns the verified identity. Throws on any mismatch. */
    async finish(callbackUrl: URL, pending: PendingSignIn) {
      const config = await configure();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      return {
        sub: claims.sub,
        email: typeof claims.email === "string" ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === "string" ? claims.name : undefined,
      };
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
