import { lazy } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router-dom";
import { GamesList } from "../features/games/games-list.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { Layout } from "./layout.tsx";

/** A screen fetched the first time it is shown (the layout's Suspense shows "…" meanwhile). */
function onDemand<Name extends string>(
  load: () => Promise<Record<Name, React.ComponentType<any>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AdminApp = onDemand(() => import("../features/admin/index.tsx"), "default");
const CoinFlip = onDemand(() => import("../features/coin-flip/index.tsx"), "default");
const FairPage = onDemand(() => import("../features/fair/fair-page.tsx"), "FairPage");
const GameRoute = onDemand(() => import("../features/games/game-route.tsx"), "GameRoute");
const LoginPage = onDemand(() => import("../features/auth/login-page.tsx"), "LoginPage");
const RegisterPage = onDemand(() => import("../features/auth/register-page.tsx"), "RegisterPage");
const ResetPage = onDemand(() => import("../features/auth/reset-page.tsx"), "ResetPage");
const ProcessTokenPage = onDemand(
  () => import("../features/auth/process-token-page.tsx"),
  "ProcessTokenPage",
);
const ProfilePage = onDemand(() => import("../features/profile/profile-page.tsx"), "ProfilePage");
const ContactPage = onDemand(() => import("../features/contact/contact-page.tsx"), "ContactPage");

/**
 * Every route of the player spec's table (section 2). The layout, the home page and the games
 * lists are in the first download (the home page is prerendered from them at build time:
 * src/prerender.tsx); every other screen, the back office included, loads on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      {
        path: "/demo",
        element: (
          <main className="page">
            <GamesList mode="demo" />
          </main>
        ),
      },
      { path: "/demo/game/:game", element: <GameRoute demo /> },
      {
        path: "/instant",
        element: (
          <main className="page">
            <GamesList mode="instant" />
          </main>
        ),
      },
      { path: "/play/instant/coin-flip/lobby", element: <CoinFlip screen="lobby" /> },
      { path: "/play/instant/coin-flip", element: <CoinFlip screen="tables" /> },
      { path: "/play/instant/coin-flip/:id", element: <CoinFlip screen="game" /> },
      { path: "/create/private/coin-flip", element: <CoinFlip screen="private" /> },
      { path: "/fair", element: <FairPage /> },
      { path: "/play/instant/:game/lobby", element: <GameRoute /> },
      { path: "/play/instant/:game", element: <GameRoute /> },
      { path: "/play/instant/:game/:id", element: <GameRoute /> },
      { path: "/create/private/:game", element: <GameRoute /> },
      { path: "/auth/login", element: <LoginPage /> },
      { path: "/auth/register", element: <RegisterPage /> },
      { path: "/auth/reset", element: <ResetPage /> },
      { path: "/process/:token", element: <ProcessTokenPage /> },
      { path: "/dashboard/profile", element: <ProfilePage /> },
      { path: "/contact", element: <ContactPage /> },
      { path: "/admin/dashboard/*", element: <AdminApp /> },
      { path: "/admin/profile", element: <Navigate to="/admin/dashboard" replace /> },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

/** The screen for the current address, under whichever router holds it (browser, static). */
export function AppRoutes() {
  return useRoutes(routes);
}
