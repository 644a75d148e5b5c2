import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { router } from "./app/router.tsx";
import { NoticeProvider } from "./components/ui/notice.tsx";
import "./lib/i18n.ts";
import { SessionProvider } from "./lib/session.tsx";
import { SiteConfigProvider } from "./lib/site-config.tsx";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <SiteConfigProvider>
      <SessionProvider>
        <NoticeProvider>
          <RouterProvider router={router} />
        </NoticeProvider>
      </SessionProvider>
    </SiteConfigProvider>
  </StrictMode>,
);

// The offline shell and demos: registered once the page has loaded, so it never delays the first
// render, and only in a build (the development server has no service worker).
if (import.meta.env.PROD) {
  window.addEventListener("load", () => {
    void import("./lib/service-worker.ts").then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}
