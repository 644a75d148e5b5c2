import { updateProfileRequestSchema } from "@igp/shared";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useOutletContext } from "react-router-dom";
import { Form, FormFailure, SubmitButton, TextField } from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { offlineNotice, unreachableNotice } from "../../components/signed-in-only.tsx";
import { useNotice } from "../../components/ui/notice.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { api } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { useOnline } from "../../lib/use-online.ts";
import { ChangePasswordForm } from "../auth/change-password-form.tsx";
import { LogoutDialog } from "../auth/logout-dialog.tsx";
import { SessionList } from "../auth/session-list.tsx";
import { SignOutEverywhereButton } from "../auth/sign-out-everywhere.tsx";
import { TransactionsList } from "../wallet/transactions-list.tsx";
import { WithdrawForm } from "../wallet/withdraw-form.tsx";
import { GameHistory } from "./game-history.tsx";
import { StatementDownload } from "./statement-download.tsx";
import "./profile.css";
import "../safer-play/texts.ts";

// 'Play responsibly' loads when its tab is opened.
const PlayResponsibly = lazy(() => import("../safer-play/play-responsibly.tsx"));

type Tab = "user" | "balance" | "transactions" | "history" | "play";

/** The player's profile: User, Balance, Transactions and Game History tabs; logout with confirmation. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, loading, unreachable } = useSession();
  const online = useOnline();
  const [tab, setTab] = useState<Tab>("balance");
  const [sub, setSub] = useState<"deposit" | "withdraw">("deposit");
  const [confirmLogout, setConfirmLogout] = useState(false);
  const { openDeposit } = useOutletContext<{ openDeposit(): void }>();
  const money = useMoney();
  if (loading) return <main className="page">{t("common.loading")}</main>;
  if (!user && !online) return offlineNotice;
  if (!user && unreachable) return unreachableNotice;
  if (!user) return <Navigate to="/" replace />;

  return (
    <main className="page profile">
      <h1>{t("profile.greeting", { name: user.fullName })}</h1>
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
            <WithdrawForm />
          )}
          <TransactionsList kind={sub} />
          <StatementDownload />
        </section>
      )}
      {tab === "history" && <GameHistory />}
      {tab === "play" && (
        <Suspense fallback={<p>{t("common.loading")}</p>}>
          <PlayResponsibly />
        </Suspense>
      )}
      {confirmLogout && <LogoutDialog onCancel={() => setConfirmLogout(false)} />}
    </main>
  );
}

function UserTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const { refresh } = useSession();
  const form = useApiForm({
    schema: updateProfileRequestSchema,
    defaultValues: { username: "", phone: "" },
    failureText: (reason) => `${t("wallet.serverError")}: ${reason}`,
    async onSubmit(values) {
      await api("/api/user/update/profile", { body: values });
      notice({ type: "success", title: t("profile.saved"), autoCloseMs: 2_000 });
      void refresh();
    },
  });

  return (
    <div className="user-tab">
      <Form form={form} className="card">
        <h2>{t("profile.details")}</h2>
        <TextField name="username" label={t("profile.username")} />
        <TextField name="phone" type="tel" maxLength={10} label={t("auth.phone")} />
        <FormFailure />
        <SubmitButton label={t("common.save")} />
      </Form>
      <ChangePasswordForm variant="player" title={t("profile.changePassword")} />
      <section className="card">
        <h2>{t("profile.sessions")}</h2>
        <SessionList />
        <p>{t("profile.signOutEverywhereHint")}</p>
        <SignOutEverywhereButton />
      </section>
    </div>
  );
}
