import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, Outlet } from "react-router-dom";
import { isAdminRole, useSession } from "../../lib/session.tsx";
import { LogoutDialog } from "../auth/logout-dialog.tsx";
import { menuFor } from "./admin-menu.ts";

/**
 * The back office frame: the role-filtered side menu (collapsible; sliding in on small screens),
 * Back to the site, Logout with its confirmation. Anyone else is sent to / (or to sign-in).
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user) return <Navigate to="/auth/login" replace />;
  if (!isAdminRole(user.role)) return <Navigate to="/" replace />;

  return (
    <div className={`admin ${collapsed ? "is-collapsed" : ""} ${open ? "is-open" : ""}`}>
      <button
        type="button"
        className="admin-menu-toggle"
        aria-expanded={open}
        aria-controls="admin-menu"
        onClick={() => setOpen((o) => !o)}
      >
        ☰ {t("nav.menu")}
      </button>
      <nav id="admin-menu" className="admin-menu" aria-label={t("admin.menuLabel")}>
        <button
          type="button"
          className="link-button collapse-toggle"
          aria-pressed={collapsed}
          onClick={() => setCollapsed((c) => !c)}
        >
          {collapsed ? "»" : "«"} <span className="menu-text">{t("admin.collapse")}</span>
        </button>
        <Link to="/">
          ← <span className="menu-text">{t("admin.back")}</span>
        </Link>
        {menuFor(user.role).map((entry) => (
          <NavLink
            key={entry.path}
            to={`/admin/dashboard${entry.path ? `/${entry.path}` : ""}`}
            end
            onClick={() => setOpen(false)}
          >
            <span className="menu-text">{t(entry.label)}</span>
          </NavLink>
        ))}
        <button type="button" className="link-button" onClick={() => setConfirmLogout(true)}>
          <span className="menu-text">{t("nav.logout")}</span>
        </button>
      </nav>
      <main className="admin-main">
        <Outlet />
      </main>
      {confirmLogout && <LogoutDialog onCancel={() => setConfirmLogout(false)} />}
    </div>
  );
}
