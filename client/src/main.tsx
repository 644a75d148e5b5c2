import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { Providers } from "./app/providers.tsx";
import { AppRoutes } from "./app/routes.tsx";
import { storedLanguage, switchLanguage } from "./lib/i18n.ts";
import "./styles.css";

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

const root = document.getElementById("root")!;
const language = storedLanguage();
// The home page arrives prerendered in English for a visitor (src/prerender.tsx): it painted
// before this script ran, and is hydrated as it is. Anything else is rendered here.
if (root.hasChildNodes() && window.location.pathname === "/" && language === "en") {
  hydrateRoot(root, app);
} else {
  const render = () => {
    root.replaceChildren();
    createRoot(root).render(app);
  };
  if (language === "en") render();
  else void switchLanguage(language).then(render, render);
}
