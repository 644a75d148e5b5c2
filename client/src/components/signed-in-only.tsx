import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router-dom";
import { useSession } from "../lib/session.tsx";
import { useOnline } from "../lib/use-online.ts";
import { NeedsConnection } from "./needs-connection.tsx";

/**
 * Shows its children to a signed-in user; a visitor goes to /auth/login (every play screen).
 * Offline, without the account loaded, it says the page needs a connection.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const online = useOnline();
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user) return online ? <Navigate to="/auth/login" replace /> : <NeedsConnection />;
  return children;
}
