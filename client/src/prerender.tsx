import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/routes.tsx";

/**
 * The public pages a visitor most often opens first: their HTML is rendered at build time
 * (scripts/prerender-pages.ts) so that they paint before any JavaScript has arrived; main.tsx
 * then hydrates them. Pages that depend on the address' query, the session or the server's data
 * are left to the browser.
 */
export const PRERENDERED_PATHS = ["/", "/demo", "/instant", "/auth/login", "/auth/register"];

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
