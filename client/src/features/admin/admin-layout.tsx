import "./admin-texts.ts";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, Outlet, useLocation } from "react-router-dom";
import { BackIcon, MenuIcon } from "../../components/ui/icons.tsx";
import { isAdminRole, useSession } from "../../lib/session.tsx";
import { isScreen, menuFor, screenAllowed } from "./admin-menu.ts";
import { UnseenBadge } from "./live/unseen-requests.tsx";

// Not needed to paint the first screen: the dialog, and the live channel (its SDK and schemas).
const LogoutDialog = lazy(() =>
  import("../auth/logout-dialog.tsx").then((module) => ({ default: module.LogoutDialog })),
);
const StaffChannel = lazy(() =>
  import("./live/staff-channel.tsx").then((module) => ({ default: module.StaffChannel })),
);

/**
 * The back office frame: the role-filtered side menu (collapsible; sliding in on small screens),
 * Back to the site, Logout with its confirmation; on a phone a one-line bar opens the menu over
 * the screen. A screen outside the role says so, an address of no screen too; anyone not staff
 * is sent to / (or to sign-in).
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const [collapsed, setCollapsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const { pathname } = useLocation();
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user) return <Navigate to="/auth/login" replace />;
  if (!isAdminRole(user.role)) return <Navigate to="/" replace />;

  return (
    <div className={`admin ${collapsed ? "is-collapsed" : ""} ${open ? "is-open" : ""}`}>
      <header className="admin-topbar">
        <button
          type="button"
          className="admin-menu-toggle"
          aria-expanded={open}
          aria-controls="admin-menu"
          onClick={() => setOpen((o) => !o)}
        >
          <MenuIcon /> {t("nav.menu")}
        </button>
        <span className="admin-topbar-who">{user.fullName}</span>
      </header>
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
          <BackIcon /> <span className="menu-text">{t("admin.back")}</span>
        </Link>
        {menuFor(user.role).map((entry) => (
          <NavLink
            key={entry.path}
            to={`/admin/dashboard${entry.path ? `/${entry.path}` : ""}`}
            end
            onClick={() => setOpen(false)}
          >
            <span className="menu-text">{t(entry.label)}</span>
            <UnseenBadge screen={entry.path} />
          </NavLink>
        ))}
        <button type="button" className="link-button" onClick={() => setConfirmLogout(true)}>
          <span className="menu-text">{t("nav.logout")}</span>
        </button>
      </nav>
      <main className="admin-main">
        {/* Each screen but the dashboard loads when first opened (index.tsx). */}
        <Suspense fallback={<p>{t("common.loading")}</p>}>
          {!isScreen(pathname) || screenAllowed(user.role, pathname) ? <Outlet /> : <NotAllowed />}
        </Suspense>
      </main>
      <Suspense fallback={null}>
        {confirmLogout && <LogoutDialog onCancel={() => setConfirmLogout(false)} />}
        <StaffChannel />
      </Suspense>
    </div>
  );
}

/** A back-office address the signed-in role may not open (typed in, or an old link). */
function NotAllowed() {
  const { t } = useTranslation();
  return (
    <section className="card not-allowed" role="alert">
      <h1>{t("admin.notAllowed.title")}</h1>
      <p>{t("admin.notAllowed.text")}</p>
      <Link className="button" to="/admin/dashboard">
        {t("admin.notAllowed.back")}
      </Link>
    </section>
  );
}

/** A back-office address of no screen (mistyped, or an old link). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="card not-allowed" role="alert">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <Link className="button" to="/admin/dashboard">
        {t("admin.notAllowed.back")}
      </Link>
    </section>
  );
}
