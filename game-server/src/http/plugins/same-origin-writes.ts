import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isOurOrigin } from "../../security/same-host.ts";
import { forbidden } from "../http-error.ts";

/**
 * Cross-site request forgery: a write (any method but GET, HEAD, OPTIONS) that a browser says came
 * from another site is refused, whoever it is for. Browsers say so in `Sec-Fetch-Site` (anything
 * but `same-origin`, or `none` for what the person typed) and in `Origin` (another host, or the
 * opaque `null` of a sandboxed frame). This is OWASP's Fetch Metadata and Origin verification
 * rather than a token (`@fastify/csrf-protection`): every page and form of ours is served from
 * this origin, the session cookie is SameSite=Lax already, and a token would cost a round trip
 * before the first write of a prerendered form. A cookie-authenticated write must also carry one
 * of the two headers (`authentication.ts`), so a client that sends neither cannot ride a cookie.
 */
export const CROSS_SITE_MESSAGE = "This request came from another site and was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether the browser vouched that this request came from our own pages. */
export function sentFromOurPages(request: FastifyRequest, ourHost: string): boolean {
  return (
    request.headers["sec-fetch-site"] === "same-origin" ||
    (request.headers.origin !== undefined && isOurOrigin(request.headers.origin, ourHost))
  );
}

export function isCrossSiteWrite(request: FastifyRequest, ourHost: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.origin;
  return origin !== undefined && !isOurOrigin(origin, ourHost);
}

export const isWrite = (request: FastifyRequest) => !SAFE_METHODS.has(request.method);

/** The host our pages are served from: PUBLIC_URL's, else the one the request was sent to. */
export const ourHostFor = (publicUrl: string | undefined) => (request: FastifyRequest) =>
  publicUrl ? new URL(publicUrl).host : request.host;

export const sameOriginWrites = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string | undefined }) => {
    const ourHost = ourHostFor(publicUrl);
    app.addHook("onRequest", async (request) => {
      if (isCrossSiteWrite(request, ourHost(request))) {
        request.log.warn({ origin: request.headers.origin }, "cross-site write refused");
        throw forbidden(CROSS_SITE_MESSAGE);
      }
    });
  },
  { name: "same-origin-writes" },
);
