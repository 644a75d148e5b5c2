import "../admin-texts.ts";
import { createAdminAccountSchema, text } from "@igp/shared";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { DialogForm } from "../../../components/form/dialog-form.tsx";
import { NewPasswordFields, TextField } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { useNotice } from "../../../components/ui/notice.tsx";
import { api } from "../../../lib/api-client.ts";
import { queryKeys, refreshLists } from "../../../lib/queries.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { ChangePasswordForm } from "../../auth/change-password-form.tsx";
import { SessionList } from "../../auth/session-list.tsx";
import { SignOutEverywhereButton } from "../../auth/sign-out-everywhere.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, changeRow, DataTable } from "../components/data-table.tsx";

interface Account {
  id: string;
  fullName: string;
  email?: string | null;
  mainBalance?: number;
  bonusBalance?: number;
  status: "active" | "blocked";
}

const PLAYERS = "/api/admin/players";
/** A player's page: limits and breaks, linked accounts (its own chunk). */
const PlayerDetails = lazy(() => import("../linked-accounts/player-details.tsx"));
const ADMINS = "/api/admin/accounts";

/** Block or unblock with a confirmation whose wording follows the current state. */
export function useStatusToggle(path: string, listKey: string) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [target, setTarget] = useState<Account | null>(null);
  const dialog = target && (
    <ConfirmDialog
      question={t(target.status === "active" ? "admin.confirmBlock" : "admin.confirmUnblock", {
        name: target.fullName,
      })}
      confirm={t(target.status === "active" ? "admin.block" : "admin.unblock")}
      onCancel={() => setTarget(null)}
      onConfirm={async () => {
        const account = target;
        try {
          await api(`/api/admin/users/status/${account.id}`, { method: "POST", body: {} });
          setTarget(null);
          await changeRow<Account>(path, listKey, account.id, {
            status: account.status === "active" ? "blocked" : "active",
          });
        } catch {
          setTarget(null);
          notice({ type: "danger", title: t("admin.statusFailed") });
        }
      }}
    />
  );
  const button = (account: Account) => (
    <button
      type="button"
      className="button button-small button-secondary"
      onClick={() => setTarget(account)}
    >
      {t(account.status === "active" ? "admin.block" : "admin.unblock")}
    </button>
  );
  return { dialog, button };
}

export function PlayersScreen() {
  const { t } = useTranslation();
  const money = useMoney();
  const toggle = useStatusToggle(PLAYERS, "players");
  // The player whose page is open (`?player=<id>`): a link from elsewhere opens it too.
  const [params, setParams] = useSearchParams();
  const shown = params.get("player");
  const columns: Column<Account>[] = [
    { header: t("admin.columns.id"), cell: (r) => <code>{r.id.slice(0, 8)}</code> },
    { header: t("admin.columns.name"), cell: (r) => r.fullName },
    { header: t("wallet.withdrawable"), cell: (r) => money(r.mainBalance ?? 0) },
    { header: t("wallet.playable"), cell: (r) => money(r.bonusBalance ?? 0) },
    { header: t("admin.columns.status"), cell: (r) => t(`admin.accountStatus.${r.status}`) },
    { header: t("admin.columns.actions"), cell: toggle.button },
    {
      header: t("admin.columns.statement"),
      cell: (r) => (
        <Link to={`/admin/dashboard/reports?tab=players&player=${r.id}`}>
          {t("admin.columns.statement")}
        </Link>
      ),
    },
    {
      header: t("admin.columns.saferPlay"),
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => setParams({ player: r.id })}>
          {t("admin.columns.saferPlay")}
        </button>
      ),
    },
  ];
  return (
    <section>
      <h1>{t("admin.menu.players")}</h1>
      <DataTable
        path={PLAYERS}
        listKey="players"
        columns={columns}
        empty={t("admin.empty.players")}
      />
      {shown && (
        <Suspense fallback={<p>{t("common.loading")}</p>}>
          <PlayerDetails userId={shown} />
        </Suspense>
      )}
      {toggle.dialog}
    </section>
  );
}

export function SubAdminsScreen() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const toggle = useStatusToggle(ADMINS, "admins");
  const columns: Column<Account>[] = [
    { header: t("admin.columns.id"), cell: (r) => <code>{r.id.slice(0, 8)}</code> },
    { header: t("admin.columns.name"), cell: (r) => r.fullName },
    { header: t("admin.columns.email"), cell: (r) => r.email ?? "—" },
    { header: t("admin.columns.status"), cell: (r) => t(`admin.accountStatus.${r.status}`) },
    { header: t("admin.columns.actions"), cell: toggle.button },
  ];
  return (
    <section>
      <h1>{t("admin.menu.subAdmins")}</h1>
      <button type="button" className="button" onClick={() => setCreating(true)}>
        {t("admin.createAdmin")}
      </button>
      <DataTable path={ADMINS} listKey="admins" columns={columns} empty={t("admin.empty.admins")} />
      {toggle.dialog}
      {creating && <CreateAdminDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

/** The superAdmin's list of auditors (features/admin/audit/auditors-screen.tsx). */
export const AUDITORS = "/api/admin/auditors";

const CONFIRM_PASSWORD_FIRST = "Please confirm the password before creating.";

/** The agent's account and the password twice: confirmed, and the same (docs/spec-decisions.md). */
const createAdminFormSchema = createAdminAccountSchema
  .extend({
    confirm: text("Confirmation", { required: CONFIRM_PASSWORD_FIRST }).min(
      1,
      CONFIRM_PASSWORD_FIRST,
    ),
  })
  .refine((form) => form.password === form.confirm, {
    path: ["confirm"],
    message: "Passwords do not match.",
  });

/** An agent's account, or with `auditor` an auditor's (the same fields, its own list). */
export function CreateAdminDialog({
  onClose,
  auditor = false,
}: {
  onClose(): void;
  auditor?: boolean;
}) {
  const { t } = useTranslation();
  const form = useApiForm({
    schema: createAdminFormSchema,
    defaultValues: { fullName: "", email: "", password: "", confirm: "" },
    failureText: (reason) => `${t("admin.createAdminFailed")} ${reason}`,
    async onSubmit({ confirm: _, ...account }) {
      await api(auditor ? "/api/admin/auditors/create" : "/api/admin/accounts/create", {
        body: account,
      });
      await refreshLists(queryKeys.adminTable(auditor ? AUDITORS : ADMINS));
      onClose();
    },
  });

  return (
    <DialogForm
      form={form}
      id="create-admin"
      title={t(auditor ? "admin.createAuditor" : "admin.createAdmin")}
      submitLabel={t("admin.create")}
      onCancel={onClose}
    >
      <TextField name="fullName" label={t("auth.fullName")} />
      <TextField name="email" type="email" label={t("admin.columns.email")} />
      <NewPasswordFields
        name="password"
        confirmName="confirm"
        label={t("auth.password")}
        confirmLabel={t("auth.confirmPassword")}
      />
    </DialogForm>
  );
}

export function ChangePasswordScreen() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t("admin.menu.changePassword")}</h1>
      <ChangePasswordForm variant="admin" />
      <section className="card narrow-form">
        <h2>{t("profile.sessions")}</h2>
        <SessionList />
        <p>{t("profile.signOutEverywhereHint")}</p>
        <SignOutEverywhereButton />
      </section>
    </section>
  );
}
