import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router-dom";
import { useSession } from "../lib/session.tsx";

/** Shows its children to a signed-in user; a visitor goes to /auth/login (every play screen). */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user) return <Navigate to="/auth/login" replace />;
  return children;
}
