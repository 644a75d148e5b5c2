import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router-dom";
import { LoginPage } from "../features/auth/login-page.tsx";
import { ProcessTokenPage } from "../features/auth/process-token-page.tsx";
import { RegisterPage } from "../features/auth/register-page.tsx";
import { ResetPage } from "../features/auth/reset-page.tsx";
import { ContactPage } from "../features/contact/contact-page.tsx";
import { GameRoute } from "../features/games/game-route.tsx";
import { GamesList } from "../features/games/games-list.tsx";
import { HomePage } from "../features/home/home-page.tsx";
import { ProfilePage } from "../features/profile/profile-page.tsx";
import { Layout } from "./layout.tsx";

const AdminApp = lazy(() => import("../features/admin/index.tsx"));
const CoinFlip = lazy(() => import("../features/coin-flip/index.tsx"));
const Lottery = lazy(() => import("../features/lottery/index.tsx"));
const FairPage = lazy(() =>
  import("../features/fair/fair-page.tsx").then((module) => ({ default: module.FairPage })),
);

const loading = <main className="page">…</main>;
const lottery = (screen: "list" | "result" | "tickets") => (
  <Suspense fallback={loading}>
    <Lottery screen={screen} />
  </Suspense>
);
const coinFlip = (screen: "lobby" | "tables" | "game" | "private") => (
  <Suspense fallback={loading}>
    <CoinFlip screen={screen} />
  </Suspense>
);

/** Every route of the player spec's table (section 2); the back office loads on demand. */
export const router = createBrowserRouter([
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
      { path: "/play/instant/coin-flip/lobby", element: coinFlip("lobby") },
      { path: "/play/instant/coin-flip", element: coinFlip("tables") },
      { path: "/play/instant/coin-flip/:id", element: coinFlip("game") },
      { path: "/create/private/coin-flip", element: coinFlip("private") },
      { path: "/play/instant/lottery", element: lottery("list") },
      { path: "/play/instant/lottery/:code", element: lottery("result") },
      { path: "/dashboard/lottery-tickets", element: lottery("tickets") },
      {
        path: "/fair",
        element: (
          <Suspense fallback={loading}>
            <FairPage />
          </Suspense>
        ),
      },
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
      {
        path: "/admin/dashboard/*",
        element: (
          <Suspense fallback={loading}>
            <AdminApp />
          </Suspense>
        ),
      },
      { path: "/admin/profile", element: <Navigate to="/admin/dashboard" replace /> },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
