import { useTranslation } from "react-i18next";
import { Navigate } from "react-router-dom";
import { isAdminRole, useSession } from "../lib/session.tsx";

/**
 * /admin/dashboard and /admin/profile: only admins and superAdmins stay (others go to /, visitors
 * to sign-in). The back office screens arrive with their own issue ("Admin back office").
 */
export function AdminArea() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user) return <Navigate to="/auth/login" replace />;
  if (!isAdminRole(user.role)) return <Navigate to="/" replace />;
  return (
    <main className="page">
      <h1>{t("admin.title")}</h1>
      <p>{t("admin.arriving")}</p>
    </main>
  );
}
