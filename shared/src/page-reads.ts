/**
 * What the server and the web client agree on about a page's first reads: the server names them
 * in a page's `Link` preloads (game-server's client-pages.ts) and, for a page it renders for a
 * session, answers them beside the HTML in a data block (page-render.ts) that the client's first
 * render starts from (client/src/lib/page-data.tsx). A subpath of @igp/shared: no schema, no zod.
 */

/** Who is signed in, with both balances: read at once by every page of a signed-in browser. */
export const SESSION_USER = "/api/login/user";

/** The site's configuration (the currency, the external sign-ins): read by every page. */
export const SITE_CONFIG = "/api/auth/providers";

/** The id of the data block (`<script type="application/json">`) of a page rendered by the server. */
export const PAGE_DATA_ID = "page-data";

/**
 * The `<meta name>` the service worker adds to a page it answers from its keep (client/src/
 * sw-pages.ts), its content the time it kept it: the page's data block is as it was then, and the
 * page reads it again at once.
 */
export const PAGE_KEPT_META = "igp-kept-at";

/**
 * The cookie beside the httpOnly session cookie that says only that the browser holds a session
 * (`1`, or `staff` for a staff member's): a hint for what a page asks for at once, never a right
 * (game-server's session-cookie.ts sets it; the client, its worker and the server's pages read it).
 */
export const SIGNED_IN_COOKIE = "igp_signed_in";

/** The hint's value in a `Cookie` header or `document.cookie` ("" without one). */
export function signedInHintIn(cookies: string): string {
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === SIGNED_IN_COOKIE) return pair.slice(at + 1).trim();
  }
  return "";
}
