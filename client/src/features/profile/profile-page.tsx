import "../safer-play/texts.ts";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useOutletContext } from "react-router-dom";
import { offlineNotice, unreachableNotice } from "../../components/signed-in-only.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { type SessionUser, useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useOnline } from "../../lib/use-online.ts";
import "./profile.css";

// Only the Balance tab shows first: every other tab, and the logout dialog, load when opened.
const UserTab = lazy(() => import("./user-tab.tsx").then((m) => ({ default: m.UserTab })));
const TransactionsTab = lazy(() =>
  import("./transactions-tab.tsx").then((m) => ({ default: m.TransactionsTab })),
);
const GameHistory = lazy(() =>
  import("./game-history.tsx").then((m) => ({ default: m.GameHistory })),
);
const PlayResponsibly = lazy(() => import("../safer-play/play-responsibly.tsx"));
const LogoutDialog = lazy(() =>
  import("../auth/logout-dialog.tsx").then((m) => ({ default: m.LogoutDialog })),
);

type Tab = "user" | "balance" | "transactions" | "history" | "play";

/** `elementtiming`: when the account's own figures painted (for field and bench timings). */
const ACCOUNT_PAINTED = "profile-account";

/**
 * The player's profile: User, Balance, Transactions and Game History tabs; logout with
 * confirmation. Its page is prerendered as the frame shown while the session is checked (the
 * tabs, the balances to come); the account fills it in.
 */
export function ProfilePage() {
  const { user, loading, unreachable } = useSession();
  const online = useOnline();
  const hydrated = useHydrated();
  if (loading || !hydrated) return <Profile user={null} />;
  if (!user && !online) return offlineNotice;
  if (!user && unreachable) return unreachableNotice;
  if (!user) return <Navigate to="/" replace />;
  return <Profile user={user} />;
}

/** The profile of `user`, or its frame while the account is not known yet (null). */
function Profile({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("balance");
  const [confirmLogout, setConfirmLogout] = useState(false);
  const { openDeposit } = useOutletContext<{ openDeposit(): void }>();
  const money = useMoney();
  // A new element once known (keyed apart from the frame's), so that its paint is timed.
  const figure = (name: string, amount: number | undefined) =>
    amount === undefined ? (
      <dd key={name}>…</dd>
    ) : (
      <dd key={`${name}-known`} elementtiming={ACCOUNT_PAINTED}>
        {money(amount)}
      </dd>
    );
  return (
    <main className="page profile">
      <h1>{t("profile.greeting", { name: user?.fullName ?? "…" })}</h1>
      <p className="page-links">
        <Link to="/dashboard/lottery-tickets">{t("lottery.myTickets")}</Link>
        <button type="button" className="link-button" onClick={() => setConfirmLogout(true)}>
          {t("nav.logout")}
        </button>
      </p>
      <Tabs
        keys={["user", "balance", "transactions", "history", "play"] as const}
        selected={tab}
        label={(key) => (key === "play" ? t("saferPlay.tab") : t(`profile.tabs.${key}`))}
        onSelect={setTab}
      />
      {tab === "balance" && (
        <dl className="card balances-card">
          <dt>{t("wallet.withdrawable")}</dt>
          {figure("main", user?.mainBalance)}
          <dt>{t("wallet.playable")}</dt>
          {figure("bonus", user?.bonusBalance)}
        </dl>
      )}
      <Suspense fallback={<p>{t("common.loading")}</p>}>
        {tab === "user" && <UserTab />}
        {tab === "transactions" && <TransactionsTab openDeposit={openDeposit} />}
        {tab === "history" && <GameHistory />}
        {tab === "play" && <PlayResponsibly />}
      </Suspense>
      <Suspense fallback={null}>
        {confirmLogout && <LogoutDialog onCancel={() => setConfirmLogout(false)} />}
      </Suspense>
    </main>
  );
}
