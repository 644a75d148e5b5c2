import { signInPageFrom } from "@igp/shared/sign-in-return";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { MenuIcon } from "../components/ui/icons.tsx";
import { setLanguage } from "../lib/i18n.ts";
import { isAdminRole, useSession } from "../lib/session.tsx";
import { useMoney } from "../lib/site-config.tsx";
import { useCountUp } from "../lib/use-count-up.ts";
import { useIdleAfterLoad } from "../lib/when-idle.ts";
import { BrandMark } from "./brand-mark.tsx";
import "./layout.css";

// Loaded when first needed, so that a visitor's first download holds none of them.
const LogoutDialog = lazy(() =>
  import("../features/auth/logout-dialog.tsx").then((module) => ({ default: module.LogoutDialog })),
);
const DepositDialog = lazy(() =>
  import("../features/wallet/deposit-dialog.tsx").then((module) => ({
    default: module.DepositDialog,
  })),
);
const loadMobileMenu = () => import("./mobile-menu.tsx");
const preloadMobileMenu = () => void loadMobileMenu();
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
/** Asked before anything else of an account a Google or Telegram sign-in just made. */
const AgeGate = lazy(() => import("../features/safer-play/age-gate.tsx"));
const PlayerChannel = lazy(() =>
  import("../lib/player-channel.tsx").then((module) => ({ default: module.PlayerChannel })),
);

/**
 * The player's channel, fetched and joined once the page is idle after its load: its code (the
 * realtime client, zod and the messages' schemas) would otherwise run beside the page's own and
 * hold back the moment its button works (docs/first-load.md); until it joins, the session polls
 * the balances. A component of its own: the state that says so must not re-render the layout,
 * whose page may still be hydrating (a lazy screen), since an update above a boundary not yet
 * hydrated makes React drop the server's HTML and render it anew.
 */
function PlayerChannelWhenIdle() {
  return useIdleAfterLoad() ? <PlayerChannel /> : null;
}

/** Header (transparent on /, dark elsewhere, hides on scroll down), page, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const hidden = useHiddenOnScrollDown();
  const [depositOpen, setDepositOpen] = useState(false);
  const onAdmin = pathname.startsWith("/admin/");
  const { user } = useSession();
  // Nothing of the site until the age and the terms are confirmed (or the player signs out).
  if (user?.role === "user" && user.ageConfirmationDue)
    return (
      <Suspense fallback={<main className="page">…</main>}>
        <AgeGate />
      </Suspense>
    );
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
        {user?.role === "user" && <PlayerChannelWhenIdle />}
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
  const { user, balancesHeld } = useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const admin = isAdminRole(user?.role);
  const profile = admin ? "/admin/dashboard" : "/dashboard/profile";
  return (
    <header
      className={`site-header ${transparent ? "is-transparent" : "is-dark"} ${hidden ? "is-hidden" : ""} ${user ? "is-signed-in" : ""}`}
    >
      <Link to="/" className="brand">
        <BrandMark />
        <span className="brand-name">{t("brand")}</span>
      </Link>
      <nav className="header-links" aria-label={t("nav.main")}>
        {!admin && <NavLink to="/demo">{t("nav.demo")}</NavLink>}
        {!admin && <NavLink to="/instant">{t("nav.play")}</NavLink>}
      </nav>
      <div className="header-actions">
        <button
          type="button"
          className="link-button language-toggle"
          onClick={() => setLanguage(i18n.language === "am" ? "en" : "am")}
        >
          {/* The name says what it does and holds what it shows (speech input users say that). */}
          {i18n.language === "am" ? <span lang="en">EN</span> : <span lang="am">አማ</span>}
          <span className="visually-hidden">{t("nav.language")}</span>
        </button>
        {user ? (
          <>
            <HeaderBalances main={user.mainBalance} bonus={user.bonusBalance} held={balancesHeld} />
            {!admin && (
              <button type="button" className="button button-small" onClick={onDeposit}>
                {t("wallet.deposit")}
              </button>
            )}
            <Link className="button button-secondary button-small desktop-only" to={profile}>
              {t("nav.profile")}
            </Link>
          </>
        ) : (
          <>
            <Link className="desktop-only" to="/auth/register">
              {t("auth.register")}
            </Link>
            {/* From a game's page, back to it once signed in. */}
            <Link className="button button-small" to={signInPageFrom(pathname)}>
              {t("auth.signIn")}
            </Link>
          </>
        )}
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-label={t("nav.menu")}
          onClick={() => setMenuOpen(true)}
          onPointerEnter={preloadMobileMenu}
        >
          <MenuIcon />
        </button>
      </div>
      <Suspense fallback={null}>
        {menuOpen && (
          <MobileMenu
            profile={profile}
            onClose={() => setMenuOpen(false)}
            onDeposit={onDeposit}
            onLogout={() => setConfirmLogout(true)}
          />
        )}
        {confirmLogout && <LogoutDialog onCancel={() => setConfirmLogout(false)} />}
      </Suspense>
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

/**
 * Both balances, counting up to a rise (a win shows as money arriving). Busy for assistive
 * technology while a round holds back a payout (its animation tells the outcome first) and while
 * counting, so the new amount is read once, not every step.
 */
function HeaderBalances({ main, bonus, held }: { main: number; bonus: number; held: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const shownMain = useCountUp(main);
  const shownBonus = useCountUp(bonus);
  const busy = held || shownMain.counting || shownBonus.counting;
  return (
    <dl className="balances" aria-live="polite" aria-busy={busy}>
      <div>
        <dt>{t("wallet.mainShort")}</dt>
        <dd data-testid="header-main-balance">{money(shownMain.shown)}</dd>
      </div>
      <div>
        <dt>{t("wallet.bonusShort")}</dt>
        <dd>{money(shownBonus.shown)}</dd>
      </div>
    </dl>
  );
}
