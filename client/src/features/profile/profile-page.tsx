import { updateProfileRequestSchema } from "@igp/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useOutletContext } from "react-router-dom";
import { offlineNotice } from "../../components/signed-in-only.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { useOnline } from "../../lib/use-online.ts";
import { ChangePasswordForm } from "../auth/change-password-form.tsx";
import { Field } from "../auth/login-page.tsx";
import { LogoutDialog } from "../auth/logout-dialog.tsx";
import { SignOutEverywhereButton } from "../auth/sign-out-everywhere.tsx";
import { TransactionsList } from "../wallet/transactions-list.tsx";
import { WithdrawForm } from "../wallet/withdraw-form.tsx";
import { GameHistory } from "./game-history.tsx";

type Tab = "user" | "balance" | "transactions" | "history";

/** The player's profile: User, Balance, Transactions and Game History tabs; logout with confirmation. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const online = useOnline();
  const [tab, setTab] = useState<Tab>("balance");
  const [sub, setSub] = useState<"deposit" | "withdraw">("deposit");
  const [version, setVersion] = useState(0);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const { openDeposit } = useOutletContext<{ openDeposit(): void }>();
  const money = useMoney();
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user) return online ? <Navigate to="/" replace /> : offlineNotice;

  return (
    <main className="page profile">
      <h1>{t("profile.greeting", { name: user.fullName })}</h1>
      <p>
        <Link to="/dashboard/lottery-tickets">{t("lottery.myTickets")}</Link>
      </p>
      <Tabs
        keys={["user", "balance", "transactions", "history"] as const}
        selected={tab}
        label={(key) => t(`profile.tabs.${key}`)}
        onSelect={setTab}
      >
        <button type="button" className="link-button" onClick={() => setConfirmLogout(true)}>
          {t("nav.logout")}
        </button>
      </Tabs>
      {tab === "balance" && (
        <dl className="card balances-card">
          <dt>{t("wallet.withdrawable")}</dt>
          <dd>{money(user.mainBalance)}</dd>
          <dt>{t("wallet.playable")}</dt>
          <dd>{money(user.bonusBalance)}</dd>
        </dl>
      )}
      {tab === "user" && <UserTab />}
      {tab === "transactions" && (
        <section>
          <Tabs
            keys={["deposit", "withdraw"] as const}
            selected={sub}
            label={(key) => t(key === "deposit" ? "wallet.deposit" : "wallet.withdraw")}
            onSelect={setSub}
          />
          {sub === "deposit" ? (
            <button type="button" className="button" onClick={openDeposit}>
              {t("wallet.proceedToDeposit")}
            </button>
          ) : (
            <WithdrawForm onDone={() => setVersion((v) => v + 1)} />
          )}
          <TransactionsList kind={sub} version={version} />
        </section>
      )}
      {tab === "history" && <GameHistory />}
      {confirmLogout && <LogoutDialog onCancel={() => setConfirmLogout(false)} />}
    </main>
  );
}

function UserTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const { refresh } = useSession();
  const [profile, setProfile] = useState({ username: "", phone: "" });

  const failed = (error: unknown) =>
    notice({
      type: "danger",
      title: t("wallet.serverError"),
      message: error instanceof ApiError ? message(error.message) : t("common.genericError"),
    });

  async function saveProfile(event: FormEvent) {
    event.preventDefault();
    const parsed = updateProfileRequestSchema.safeParse(profile);
    if (!parsed.success)
      return notice({
        type: "warning",
        title: t("wallet.missingFields"),
        message: message(parsed.error.issues[0]!.message),
      });
    try {
      await api("/api/user/update/profile", { body: parsed.data });
      notice({ type: "success", title: t("profile.saved"), autoCloseMs: 2_000 });
      void refresh();
    } catch (error) {
      failed(error);
    }
  }

  return (
    <div className="user-tab">
      <form className="card" onSubmit={saveProfile} noValidate>
        <h2>{t("profile.details")}</h2>
        <Field
          id="username"
          label={t("profile.username")}
          value={profile.username}
          onChange={(username) => setProfile((p) => ({ ...p, username }))}
        />
        <Field
          id="profile-phone"
          type="tel"
          maxLength={10}
          label={t("auth.phone")}
          value={profile.phone}
          onChange={(phone) => setProfile((p) => ({ ...p, phone }))}
        />
        <button className="button" type="submit">
          {t("common.save")}
        </button>
      </form>
      <ChangePasswordForm variant="player" title={t("profile.changePassword")} />
      <section className="card">
        <h2>{t("profile.sessions")}</h2>
        <p>{t("profile.signOutEverywhereHint")}</p>
        <SignOutEverywhereButton />
      </section>
    </div>
  );
}
