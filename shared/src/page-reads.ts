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
