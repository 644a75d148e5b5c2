import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import { Modal } from "../components/ui/modal.tsx";
import { setLanguage } from "../lib/i18n.ts";
import { isAdminRole, useSession } from "../lib/session.tsx";

/**
 * The phone's menu (loaded on first open): a panel over a backdrop, focus kept inside, Escape or
 * a press on the backdrop closes it and focus goes back to the menu button. Demo and Play Games,
 * then Deposit, Profile and Logout, or Register and Sign in; the language too.
 */
export function MobileMenu({
  profile,
  onClose,
  onDeposit,
  onLogout,
}: {
  profile: string;
  onClose(): void;
  onDeposit(): void;
  onLogout(): void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const admin = isAdminRole(user?.role);
  /** Closes the menu, then does what the item says. */
  const then = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Modal
      title={t("nav.menu")}
      titleHidden
      className="mobile-menu"
      overlayClassName="menu-backdrop"
      onClose={onClose}
    >
      <nav aria-label={t("nav.menu")}>
        {!admin && (
          <NavLink to="/demo" onClick={onClose}>
            {t("nav.demo")}
          </NavLink>
        )}
        {!admin && (
          <NavLink to="/instant" onClick={onClose}>
            {t("nav.play")}
          </NavLink>
        )}
        {user ? (
          <>
            {!admin && (
              <button type="button" className="link-button" onClick={then(onDeposit)}>
                {t("wallet.deposit")}
              </button>
            )}
            <NavLink to={profile} onClick={onClose}>
              {t("nav.profile")}
            </NavLink>
            <button type="button" className="link-button" onClick={then(onLogout)}>
              {t("nav.logout")}
            </button>
          </>
        ) : (
          <>
            <NavLink to="/auth/register" onClick={onClose}>
              {t("auth.register")}
            </NavLink>
            <NavLink to="/auth/login" onClick={onClose}>
              {t("auth.signIn")}
            </NavLink>
          </>
        )}
        <button
          type="button"
          className="link-button"
          onClick={() => void setLanguage(i18n.language === "am" ? "en" : "am")}
        >
          {i18n.language === "am" ? "English" : "አማርኛ"}
        </button>
      </nav>
      <button type="button" className="button button-secondary button-small" onClick={onClose}>
        {t("common.close")}
      </button>
    </Modal>
  );
}
