import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/routes.tsx";
import { lobbyListPath } from "./lib/rounds/use-public-rounds.ts";

/**
 * The pages given their own HTML at build time (scripts/prerender-pages.ts). `prerender`: the
 * public pages a visitor most often opens first, rendered so that they paint before any
 * JavaScript has arrived (main.tsx then hydrates them), and the lobbies as their frame without the
 * list (a page behind sign-in that shows it while the session is checked: `SignedInOnly`'s
 * `whileChecking`); pages that depend on the address' query, the session or the server's data are
 * left to the browser. `preload`: the chunks the page needs at once besides the entry (by chunk
 * name, or module path for a package), fetched in parallel with it (`<link rel="modulepreload">`)
 * instead of after it has run; `fetch`: public API reads it makes at once, asked for by the HTML
 * (`<link rel="preload" as="fetch">`) so that they travel with the scripts.
 */
export const PAGES: { path: string; prerender: boolean; preload: string[]; fetch?: string[] }[] = [
  { path: "/", prerender: true, preload: [] },
  { path: "/demo", prerender: true, preload: [] },
  { path: "/instant", prerender: true, preload: [] },
  { path: "/auth/login", prerender: true, preload: ["login-page"] },
  { path: "/auth/register", prerender: true, preload: ["register-page"] },
  // The list comes over HTTP first: the realtime SDK loads after it has painted.
  ...(["coin-flip", "spin-wheel"] as const).map((game) => ({
    path: `/play/instant/${game}/lobby`,
    prerender: true,
    preload: ["lobby-screen"],
    fetch: [lobbyListPath(game)],
  })),
];

/**
 * One page as a visitor first sees it (English, signed out): the same tree as main.tsx, with a
 * static router. Waits for the screens that load on demand, so the HTML is whole and carries no
 * inline script.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
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
