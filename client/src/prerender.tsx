import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/routes.tsx";

/**
 * The home page as a visitor first sees it (English, signed out), rendered at build time into
 * dist/index.html (vite.config.ts), so that it paints before any JavaScript has arrived; main.tsx
 * then hydrates it. The same tree as main.tsx, with a static router at `/`.
 */
export function renderHome(): string {
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location="/">
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
}
