import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/routes.tsx";
import { DASHBOARD_STATS } from "./features/admin/screens/dashboard-screen.tsx";
import { ACTIVE_SOCIALS } from "./features/contact/active-socials.ts";
import { DEMO_GAMES } from "./features/demo/demo-rules.ts";
import { LOTTERY_LIST } from "./features/lottery/lottery-api.ts";
import type { PageAnswers } from "./lib/page-data.tsx";
import { lobbyListPath } from "./lib/rounds/use-public-rounds.ts";

/** Which of these pages are behind sign-in, and where a visitor goes instead. */
export { SIGNED_IN_PAGES, visitorGoesFrom } from "./app/signed-in-pages.ts";

interface Page {
  /** The address; a pattern (`[id]`, `[...]`) for a page rendered in the browser. */
  path: string;
  prerender: boolean;
  preload: string[];
  fetch?: string[];
  data?: PageData[];
  /**
   * Rendered again by the server for a browser with a session (renderPage with the answers of
   * the session, the site's configuration, `fetch` and `data`), so that it paints its data from
   * the HTML.
   */
  rendered?: boolean;
  /**
   * Rendered by the server for a visitor too: its reads (`fetch`, and `data` not `signedIn`)
   * are public, so one render per address serves every visitor for a moment (page-render.ts).
   */
  renderedForVisitors?: boolean;
}

/**
 * An API read a page makes at once that depends on its address: the server names it in a
 * `Link: <…>; rel=preload; as=fetch` header of the page's answer, the pattern's `[id]` filled
 * from the address (game-server/src/http/plugins/client-app.ts). `signedIn`: only for a browser
 * with a session (a visitor is sent to sign in first); `staff`: only for a staff member's session
 * (the `igp_signed_in` cookie's hint: a player would get a 403); `code`: only when `[id]` is a round's code
 * (digits name a table, read another way).
 */
export interface PageData {
  url: string;
  signedIn?: boolean;
  staff?: boolean;
  code?: boolean;
}

const LOTTERY = "src/features/lottery/index.tsx";
const ADMIN = "src/features/admin/index.tsx";
const DEMO = "src/features/demo/index.tsx";

/**
 * The pages given their own HTML at build time (scripts/prerender-pages.ts). `prerender`: the
 * public pages a visitor most often opens first, rendered so that they paint before any
 * JavaScript has arrived (main.tsx then hydrates them), and the lobbies, the tables and the
 * profile as their frame without the list or the account (a page behind sign-in that shows it
 * while the session is checked: `SignedInOnly`'s `whileChecking`, the profile's own frame);
 * pages that depend on the address' query, the session or the server's data are
 * left to the browser. `preload`: the chunks the page needs at once besides the entry (by chunk
 * name, source path, or module path for a package), fetched in parallel with it (`<link rel="modulepreload">`)
 * instead of after it has run; `fetch`: public API reads it makes at once, asked for by the HTML
 * (`<link rel="preload" as="fetch">`) so that they travel with the scripts; `data`: those that
 * depend on the address or on the session (PageData). Every page of a browser with a session also reads the
 * session's user at once (lib/session.tsx): the server preloads it the same way.
 */
export const PAGES: Page[] = [
  { path: "/", prerender: true, preload: [] },
  { path: "/demo", prerender: true, preload: [] },
  { path: "/instant", prerender: true, preload: [] },
  { path: "/auth/login", prerender: true, preload: ["login-page"] },
  { path: "/auth/register", prerender: true, preload: ["register-page"] },
  { path: "/auth/reset", prerender: true, preload: ["reset-page"] },
  // The list comes over HTTP first: the realtime SDK loads after it has painted.
  // The server renders it again for the player with the list (and the session) in it.
  ...(["coin-flip", "spin-wheel"] as const).map((game) => ({
    path: `/play/instant/${game}/lobby`,
    prerender: true,
    rendered: true,
    preload: ["lobby-screen"],
    fetch: [lobbyListPath(game)],
  })),
  // The screens rendered in the browser: their shell, with their own chunks preloaded, so that a
  // deep link (a shared game's link, a lottery's page) fetches them with the entry instead of
  // after it has run. `[id]` is any one path segment, `[...]` the rest of the address.
  ...(["coin-flip", "spin-wheel"] as const).flatMap((game) => {
    const screens = `src/features/${game}/index.tsx`;
    return [
      // Its frame (the heading) is prerendered and its tables asked for by the HTML, as the
      // lobby's are (public: lib/rounds/rounds-api.ts).
      {
        path: `/play/instant/${game}`,
        prerender: true,
        preload: [screens],
        fetch: [`/api/instant/game/${game}`],
      },
      // Its frame too (components/rounds/round-frame.tsx), while the session and the round are
      // read; the server renders it again for the player with the round in it.
      {
        path: `/play/instant/${game}/[id]`,
        prerender: true,
        rendered: true,
        preload: [screens],
        // A shared link: the round is read with the scripts (lib/rounds/use-loaded-round.ts).
        data: [{ url: `/api/game/${game}/get/[id]`, signedIn: true, code: true }],
      },
      // Its frame too (components/rounds/round-frame.tsx: the heading, no balances guessed).
      {
        path: `/create/private/${game}`,
        prerender: true,
        preload: [screens],
      },
    ];
  }),
  // The lottery list and a lottery's page are prerendered as their frame (the heading, what the
  // page is about, 'Loading…'); the list is asked for by the HTML (public). The server renders
  // it again with its cards in it, for a player and for a visitor (a shared link's first page).
  {
    path: "/play/instant/lottery",
    prerender: true,
    rendered: true,
    renderedForVisitors: true,
    preload: [LOTTERY],
    fetch: [LOTTERY_LIST],
  },
  {
    path: "/play/instant/lottery/[code]",
    prerender: true,
    // Rendered by the server with the lottery (and a player's tickets of it) in it, for a
    // player and for a visitor: a shared link's first paint says what the lottery is and who won.
    rendered: true,
    renderedForVisitors: true,
    // The drawing (a 2D canvas, no PixiJS) draws as soon as the page has hydrated.
    preload: [LOTTERY, "src/features/lottery/drawing/lottery-drawing.tsx"],
    // Public: a visitor watches the drawing too (features/lottery/lottery-api.ts); a player's
    // tickets in it are read with it (the drawing shows them).
    data: [
      { url: "/api/game/lottery/get/[code]" },
      { url: "/api/game/lottery/tickets?code=[code]", signedIn: true },
    ],
  },
  {
    path: "/dashboard/lottery-tickets",
    prerender: false,
    preload: [LOTTERY, "src/features/lottery/my-tickets-page.tsx"],
  },
  // The demos draw a canvas only for a result: PixiJS comes when a round is played. Each is
  // prerendered with its starting play money (a visitor's first visit; the stored play money
  // shows once hydrated: features/demo/demo-wallet.ts); any other game is not found.
  ...DEMO_GAMES.map((game) => ({ path: `/demo/game/${game}`, prerender: true, preload: [DEMO] })),
  { path: "/demo/game/[game]", prerender: false, preload: [DEMO] },
  // Prerendered as its frame (the tabs, the balances to come), filled in by the session's answer.
  {
    path: "/dashboard/profile",
    prerender: true,
    preload: ["profile-page"],
  },
  // Public: its heading paints from the HTML, the links it reads travel with the scripts.
  {
    path: "/contact",
    prerender: true,
    preload: ["contact-page"],
    fetch: [ACTIVE_SOCIALS],
  },
  { path: "/fair", prerender: false, preload: ["fair-page"] },
  // Where staff land: rendered by the server for staff with its figures (any staff role may read
  // them); for anyone else, its figures are asked for with the scripts.
  {
    path: "/admin/dashboard",
    prerender: false,
    rendered: true,
    preload: [ADMIN],
    data: [{ url: DASHBOARD_STATS, signedIn: true, staff: true }],
  },
  { path: "/admin/dashboard/[...]", prerender: false, preload: [ADMIN] },
];

/**
 * One page as a visitor first sees it (English, signed out), or, given the answers of its API
 * reads, as the server renders it for a session (game-server/src/http/plugins/page-render.ts):
 * the same tree as main.tsx, with a static router. Waits for the screens that load on demand, so
 * the HTML is whole and carries no inline script.
 */
export async function renderPage(path: string, answers: PageAnswers = {}): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers answers={answers}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}
