import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { setLanguage } from "../lib/i18n.ts";
import { isAdminRole, useSession } from "../lib/session.tsx";
import { useMoney } from "../lib/site-config.tsx";

// Loaded when first needed, so that a visitor's first download holds none of them.
const LogoutDialog = lazy(() =>
  import("../features/auth/logout-dialog.tsx").then((module) => ({ default: module.LogoutDialog })),
);
const DepositDialog = lazy(() =>
  import("../features/wallet/deposit-dialog.tsx").then((module) => ({
    default: module.DepositDialog,
  })),
);
const PlayerChannel = lazy(() =>
  import("../lib/player-channel.tsx").then((module) => ({ default: module.PlayerChannel })),
);

/** Header (transparent on /, dark elsewhere, hides on scroll down), page, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const hidden = useHiddenOnScrollDown();
  const [depositOpen, setDepositOpen] = useState(false);
  const onAdmin = pathname.startsWith("/admin/");
  const { user } = useSession();
  return (
    <>
      {!onAdmin && (
        <Header
          transparent={pathname === "/"}
          hidden={hidden}
          onDeposit={() => setDepositOpen(true)}
        />
      )}
      <Suspense fallback={<main className="page">…</main>}>
        <Outlet context={{ openDeposit: () => setDepositOpen(true) }} />
      </Suspense>
      {!onAdmin && <Footer />}
      <Suspense fallback={null}>
        {depositOpen && <DepositDialog onClose={() => setDepositOpen(false)} />}
        {user?.role === "user" && <PlayerChannel />}
      </Suspense>
    </>
  );
}

function Header({
  transparent,
  hidden,
  onDeposit,
}: {
  transparent: boolean;
  hidden: boolean;
  onDeposit(): void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const admin = isAdminRole(user?.role);
  const money = useMoney();
  const close = () => setMenuOpen(false);
  const links = (
    <>
      {!admin && (
        <NavLink to="/demo" onClick={close}>
          {t("nav.demo")}
        </NavLink>
      )}
      {!admin && (
        <NavLink to="/instant" onClick={close}>
          {t("nav.play")}
        </NavLink>
      )}
    </>
  );
  return (
    <header
      className={`site-header ${transparent ? "is-transparent" : "is-dark"} ${hidden ? "is-hidden" : ""}`}
    >
      <Link to="/" className="brand">
        {t("brand")}
      </Link>
      <nav className="header-links" aria-label={t("nav.main")}>
        {links}
      </nav>
      <div className="header-actions">
        <button
          type="button"
          className="link-button"
          onClick={() => setLanguage(i18n.language === "am" ? "en" : "am")}
          aria-label={t("nav.language")}
        >
          {i18n.language === "am" ? "EN" : "አማ"}
        </button>
        {user ? (
          <>
            <span className="balances" aria-live="polite">
              <span title={t("wallet.withdrawable")}>{money(user.mainBalance)}</span>
              <span title={t("wallet.playable")}>{money(user.bonusBalance)}</span>
            </span>
            {!admin && (
              <button
                type="button"
                className="button button-small desktop-only"
                onClick={onDeposit}
              >
                {t("wallet.deposit")}
              </button>
            )}
            <Link
              className="button button-outline button-small desktop-only"
              to={admin ? "/admin/dashboard" : "/dashboard/profile"}
            >
              {t("nav.profile")}
            </Link>
          </>
        ) : (
          <>
            <Link className="desktop-only" to="/auth/register">
              {t("auth.register")}
            </Link>
            <Link className="button button-small" to="/auth/login">
              {t("auth.signIn")}
            </Link>
          </>
        )}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={t("nav.menu")}
          onClick={() => setMenuOpen((open) => !open)}
        >
          ☰
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" className="mobile-menu" aria-label={t("nav.menu")}>
          {links}
          {user ? (
            <>
              {!admin && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    close();
                    onDeposit();
                  }}
                >
                  {t("wallet.deposit")}
                </button>
              )}
              <NavLink to={admin ? "/admin/dashboard" : "/dashboard/profile"} onClick={close}>
                {t("nav.profile")}
              </NavLink>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  close();
                  setConfirmLogout(true);
                }}
              >
                {t("nav.logout")}
              </button>
            </>
          ) : (
            <>
              <NavLink to="/auth/register" onClick={close}>
                {t("auth.register")}
              </NavLink>
              <NavLink to="/auth/login" onClick={close}>
                {t("auth.signIn")}
              </NavLink>
            </>
          )}
        </nav>
      )}
      {confirmLogout && (
        <Suspense fallback={null}>
          <LogoutDialog onCancel={() => setConfirmLogout(false)} />
        </Suspense>
      )}
    </header>
  );
}

function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t("nav.footer")}>
        <Link to="/">{t("nav.home")}</Link>
        <Link to="/demo">{t("nav.demo")}</Link>
        <Link to="/contact">{t("nav.contact")}</Link>
      </nav>
    </footer>
  );
}

/** True after scrolling down, false again on any scroll up. */
function useHiddenOnScrollDown() {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > last.current && y > 80);
      last.current = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return hidden;
}
