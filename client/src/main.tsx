// The design tokens and the base rules first: every component's own styles come after them.
import "./styles/tokens.css";
import "./styles/base.css";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/routes.tsx";
import { launchedInTelegram } from "./features/telegram/launched-in-telegram.ts";
import { storedLanguage, switchLanguage } from "./lib/i18n.ts";
import { readPageAnswers } from "./lib/page-data.tsx";
import { watchTypedBeforeHydration } from "./lib/typed-before-hydration.ts";

// Opened by Telegram as its Mini App: the same site, with the Mini App's part loaded beside it.
const telegram = launchedInTelegram();
const MiniApp = lazy(() => import("./features/telegram/mini-app.tsx"));

const app = (
  <StrictMode>
    <Providers answers={readPageAnswers()}>
      <BrowserRouter>
        <AppRoutes />
        {telegram && (
          <Suspense fallback={null}>
            <MiniApp />
          </Suspense>
        )}
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

const root = document.getElementById("root")!;
const language = storedLanguage();
// The public pages arrive prerendered in English for a visitor (src/prerender.tsx), a few pages
// rendered by the server for a session with the answers they were rendered with: they painted
// before this script ran, and are hydrated as they are. Anything else is rendered here, and so is
// the Mini App (what it adds was not prerendered).
if (root.hasChildNodes() && language === "en" && !telegram) {
  watchTypedBeforeHydration(root);
  hydrateRoot(root, app);
} else {
  const render = () => {
    root.replaceChildren();
    createRoot(root).render(app);
  };
  if (language === "en") render();
  else void switchLanguage(language).then(render, render);
}

// The offline shell and demos: registered once the page has loaded, so it never delays the first
// render, and only in a build (the development server has no service worker).
if (import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void import("./lib/service-worker.ts").then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}
