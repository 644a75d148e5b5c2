import { SESSION_USER } from "@igp/shared/page-reads";
import { signInPageFrom } from "@igp/shared/sign-in-return";
import { lazy, type ReactElement, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router-dom";
import { usePageAnswer } from "../lib/page-data.tsx";
import { useSession } from "../lib/session.tsx";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useOnline } from "../lib/use-online.ts";

const NeedsConnection = lazy(() => import("./needs-connection.tsx"));

/** What an account page shows offline, without its account. */
export const offlineNotice = (
  <Suspense fallback={null}>
    <NeedsConnection />
  </Suspense>
);

/** What it shows online while the server has not said who is signed in (it is asked again). */
export const unreachableNotice = (
  <Suspense fallback={null}>
    <NeedsConnection unreachable />
  </Suspense>
);

/**
 * Shows its children to a signed-in user; a visitor goes to /auth/login (every play screen),
 * which names the game's page it came from (signInPageFrom).
 * Offline, without the account loaded, it says the page needs a connection; online, with a
 * session the server has not answered for, that the account is being loaded again (the page then
 * fills in by itself: useSession retries). `whileChecking`:
 * what shows while the session is checked: a loading line, or (`"page"`, for a page prerendered
 * as its empty frame, such as a lobby) the children already, which then must not need the user,
 * or the page's frame (a round's screen before its round is read, prerendered as it). A page the
 * server rendered for the session shows its children at once (game-server's page-render.ts).
 */
export function SignedInOnly({
  children,
  whileChecking = "loading",
}: {
  children: ReactNode;
  whileChecking?: "loading" | "page" | ReactElement;
}) {
  const { t } = useTranslation();
  const { user, loading, unreachable } = useSession();
  const { pathname } = useLocation();
  const online = useOnline();
  const hydrated = useHydrated();
  // The server rendered the page for the session (with its user): its HTML shows the children.
  const renderedForUser = usePageAnswer(SESSION_USER) !== undefined;
  if (loading || (!hydrated && !renderedForUser))
    return whileChecking === "page" ? (
      children
    ) : whileChecking === "loading" ? (
      <main className="page">{t("common.loading")}</main>
    ) : (
      whileChecking
    );
  if (!user && !online) return offlineNotice;
  if (!user && unreachable) return unreachableNotice;
  if (!user) return <Navigate to={signInPageFrom(pathname)} replace />;
  return children;
}
