import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

export interface PolicyOptions {
  /** The Telegram login widget is on: its script and sign-in frame come from telegram.org. */
  telegram: boolean;
  /** The Mini App is on: Telegram Web (web.telegram.org) shows it in a frame. */
  miniApp?: boolean;
  /** The address players reach the site at, when configured (its websocket origin is allowed). */
  publicUrl: string | undefined;
}

/**
 * What the built client needs and nothing more: its own scripts, styles, sounds and API; images
 * from the server, data: (PixiJS) and blob: (the deposit screenshot's preview); PixiJS' blob:
 * workers; the Colyseus websocket on the same origin. No 'unsafe-eval' (PixiJS runs without it
 * through pixi.js/unsafe-eval) and no inline scripts. Nobody may frame the site, except Telegram
 * Web when the Mini App is on (its apps on phones and desktops use a web view, not a frame).
 */
export function contentSecurityPolicy({ telegram, miniApp = false, publicUrl }: PolicyOptions) {
  const telegramScript = telegram ? ["https://telegram.org"] : [];
  const telegramFrame = telegram ? ["https://oauth.telegram.org"] : [];
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'", ...telegramScript],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'", "data:", "blob:"],
    // 'self' covers the same origin's ws:/wss: in current browsers; older Safari needs it spelled.
    "connect-src": ["'self'", ...websocketOrigin(publicUrl)],
    "worker-src": ["'self'", "blob:"],
    "frame-src": telegramFrame.length > 0 ? telegramFrame : ["'none'"],
    "frame-ancestors": miniApp ? [TELEGRAM_WEB] : ["'none'"],
    "object-src": ["'none'"],
    "form-action": ["'self'"],
    "manifest-src": ["'self'"],
    "upgrade-insecure-requests": publicUrl?.startsWith("https:") ? [] : null,
  };
}

const TELEGRAM_WEB = "https://web.telegram.org";

function websocketOrigin(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const url = new URL(publicUrl);
  return [`${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`];
}

/**
 * Helmet's headers on every answer (CSP, frame denial, nosniff, no referrer, HSTS), and
 * `Cache-Control: no-store` on every /api answer that has not chosen its own caching: they carry
 * balances, requests and personal data that no shared or browser cache should keep.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: PolicyOptions) => {
    // Built once: @fastify/helmet built Helmet again (its policy parsed anew) for every request.
    const headers = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      // X-Frame-Options cannot name an allowed framer: with the Mini App, CSP's frame-ancestors rules.
      frameguard: options.miniApp ? false : { action: "deny" },
      referrerPolicy: { policy: "no-referrer" },
      // The Telegram widget signs in through a popup that talks back to its frame.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    });
    app.addHook("onRequest", (request, reply, done) => {
      headers(request.raw, reply.raw, () => done());
    });
    app.addHook("onSend", async (request, reply) => {
      if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
        reply.header("cache-control", "no-store");
      }
    });
  },
  { name: "security-headers" },
);

/** Swagger UI at /api/docs (when served): the site's policy, plus the inline styles it sets. */
export const SWAGGER_UI_POLICY = {
  "default-src": "'self'",
  "base-uri": "'self'",
  "script-src": "'self'",
  "script-src-attr": "'none'",
  "style-src": "'self' 'unsafe-inline'",
  "img-src": "'self' data:",
  "connect-src": "'self'",
  "frame-ancestors": "'none'",
  "object-src": "'none'",
  "form-action": "'self'",
};
