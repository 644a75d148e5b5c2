import { lazy } from "react";
import { Navigate, type RouteObject, useRoutes } from "react-router-dom";
import { GamesList } from "../features/games/games-list.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { Layout } from "./layout.tsx";

// Each screen is fetched the first time it is shown (the layout's Suspense shows "…" meanwhile).
const AdminApp = lazy(() => import("../features/admin/index.tsx"));
const CoinFlip = lazy(() => import("../features/coin-flip/index.tsx"));
const RoundLobby = lazy(() => import("../components/rounds/lobby-screen.tsx"));
const SpinWheel = lazy(() => import("../features/spin-wheel/index.tsx"));
const Demo = lazy(() => import("../features/demo/index.tsx"));
const Lottery = lazy(() => import("../features/lottery/index.tsx"));
const FairPage = lazy(() =>
  import("../features/fair/fair-page.tsx").then((m) => ({ default: m.FairPage })),
);
const NotFoundPage = lazy(() => import("../components/not-found-page.tsx"));
const LoginPage = lazy(() =>
  import("../features/auth/login-page.tsx").then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import("../features/auth/register-page.tsx").then((m) => ({ default: m.RegisterPage })),
);
const ResetPage = lazy(() =>
  import("../features/auth/reset-page.tsx").then((m) => ({ default: m.ResetPage })),
);
const ProcessTokenPage = lazy(() =>
  import("../features/auth/process-token-page.tsx").then((m) => ({ default: m.ProcessTokenPage })),
);
const ProfilePage = lazy(() =>
  import("../features/profile/profile-page.tsx").then((m) => ({ default: m.ProfilePage })),
);
const ContactPage = lazy(() =>
  import("../features/contact/contact-page.tsx").then((m) => ({ default: m.ContactPage })),
);

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
      { path: "/demo/game/:game", element: <Demo /> },
      {
        path: "/instant",
        element: (
          <main className="page">
            <GamesList mode="instant" />
          </main>
        ),
      },
      { path: "/play/instant/coin-flip/lobby", element: <RoundLobby game="coin-flip" /> },
      { path: "/play/instant/coin-flip", element: <CoinFlip screen="tables" /> },
      { path: "/play/instant/coin-flip/:id", element: <CoinFlip screen="game" /> },
      { path: "/create/private/coin-flip", element: <CoinFlip screen="private" /> },
      { path: "/play/instant/spin-wheel/lobby", element: <RoundLobby game="spin-wheel" /> },
      { path: "/play/instant/spin-wheel", element: <SpinWheel screen="tables" /> },
      { path: "/play/instant/spin-wheel/:id", element: <SpinWheel screen="game" /> },
      { path: "/create/private/spin-wheel", element: <SpinWheel screen="private" /> },
      { path: "/play/instant/lottery", element: <Lottery screen="list" /> },
      { path: "/play/instant/lottery/:code", element: <Lottery screen="result" /> },
      { path: "/dashboard/lottery-tickets", element: <Lottery screen="tickets" /> },
      { path: "/fair", element: <FairPage /> },
      // Any other game is none of ours.
      { path: "/play/instant/:game/lobby", element: <NotFoundPage game /> },
      { path: "/play/instant/:game", element: <NotFoundPage game /> },
      { path: "/play/instant/:game/:id", element: <NotFoundPage game /> },
      { path: "/create/private/:game", element: <NotFoundPage game /> },
      { path: "/auth/login", element: <LoginPage /> },
      { path: "/auth/register", element: <RegisterPage /> },
      { path: "/auth/reset", element: <ResetPage /> },
      { path: "/process/:token", element: <ProcessTokenPage /> },
      { path: "/dashboard/profile", element: <ProfilePage /> },
      { path: "/contact", element: <ContactPage /> },
      { path: "/admin/dashboard/*", element: <AdminApp /> },
      { path: "/admin/profile", element: <Navigate to="/admin/dashboard" replace /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/** The screen for the current address, under whichever router holds it (browser, static). */
export function AppRoutes() {
  return useRoutes(routes);
}
