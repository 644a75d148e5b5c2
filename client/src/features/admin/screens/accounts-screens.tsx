import { createAdminAccountSchema } from "@igp/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { useNotice } from "../../../components/ui/notice.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useMessage } from "../../../lib/i18n.ts";
import { useMoney } from "../../../lib/site-config.tsx";
import { ChangePasswordForm } from "../../auth/change-password-form.tsx";
import { Field } from "../../auth/login-page.tsx";
import { SignOutEverywhereButton } from "../../auth/sign-out-everywhere.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { type Column, DataTable } from "../components/data-table.tsx";

interface Account {
  id: string;
  fullName: string;
  email?: string | null;
  mainBalance?: number;
  bonusBalance?: number;
  status: "active" | "blocked";
}

/** Block or unblock with a confirmation whose wording follows the current state. */
function useStatusToggle(onDone: () => void) {
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
        setTarget(null);
        try {
          await api(`/api/admin/users/status/${account.id}`, { method: "POST", body: {} });
          onDone();
        } catch {
          notice({ type: "danger", title: t("admin.statusFailed") });
        }
      }}
    />
  );
  const button = (account: Account) => (
    <button
      type="button"
      className="button button-small button-outline"
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
  const [version, setVersion] = useState(0);
  const toggle = useStatusToggle(() => setVersion((v) => v + 1));
  const columns: Column<Account>[] = [
    { header: t("admin.columns.id"), cell: (r) => <code>{r.id.slice(0, 8)}</code> },
    { header: t("admin.columns.name"), cell: (r) => r.fullName },
    { header: t("wallet.withdrawable"), cell: (r) => money(r.mainBalance ?? 0) },
    { header: t("wallet.playable"), cell: (r) => money(r.bonusBalance ?? 0) },
    { header: t("admin.columns.status"), cell: (r) => t(`admin.accountStatus.${r.status}`) },
    { header: t("admin.columns.actions"), cell: toggle.button },
  ];
  return (
    <section>
      <h1>{t("admin.menu.players")}</h1>
      <DataTable
        path="/api/admin/players"
        listKey="players"
        columns={columns}
        empty={t("admin.empty.players")}
        version={version}
      />
      {toggle.dialog}
    </section>
  );
}

export function SubAdminsScreen() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const toggle = useStatusToggle(() => setVersion((v) => v + 1));
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
      <DataTable
        path="/api/admin/accounts"
        listKey="admins"
        columns={columns}
        empty={t("admin.empty.admins")}
        version={version}
      />
      {toggle.dialog}
      {creating && (
        <CreateAdminDialog
          onClose={() => setCreating(false)}
          onCreated={() => setVersion((v) => v + 1)}
        />
      )}
    </section>
  );
}

export function CreateAdminDialog({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const [form, setForm] = useState({ fullName: "", email: "", password: "", confirm: "" });
  const edit = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.fullName.trim() || !form.email.trim() || !form.password) {
      return notice({
        type: "warning",
        title: t("wallet.missingFields"),
        message: message("Please fill all fields."),
      });
    }
    if (form.password !== form.confirm)
      return notice({ type: "warning", title: t("admin.confirmPasswordFirst") });
    // The staff password rule, checked here as the server checks it.
    const parsed = createAdminAccountSchema.safeParse(form);
    if (!parsed.success)
      return notice({ type: "warning", title: message(parsed.error.issues[0]!.message) });
    try {
      await api("/api/admin/accounts/create", { body: parsed.data });
      onCreated();
      onClose();
    } catch (error) {
      notice({
        type: "danger",
        title: t("admin.createAdminFailed"),
        message: error instanceof ApiError ? message(error.message) : undefined,
      });
    }
  }

  return (
    <FormDialog
      id="create-admin"
      title={t("admin.createAdmin")}
      submitLabel={t("admin.create")}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field
        id="admin-name"
        label={t("auth.fullName")}
        value={form.fullName}
        onChange={edit("fullName")}
      />
      <Field
        id="admin-email"
        type="email"
        label={t("admin.columns.email")}
        value={form.email}
        onChange={edit("email")}
      />
      <Field
        id="admin-password"
        type="password"
        label={t("auth.password")}
        value={form.password}
        onChange={edit("password")}
        autoComplete="new-password"
      />
      <Field
        id="admin-confirm"
        type="password"
        label={t("auth.confirmPassword")}
        value={form.confirm}
        onChange={edit("confirm")}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}

export function ChangePasswordScreen() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t("admin.menu.changePassword")}</h1>
      <ChangePasswordForm variant="admin" />
      <section className="card narrow-form">
        <p>{t("profile.signOutEverywhereHint")}</p>
        <SignOutEverywhereButton />
      </section>
    </section>
  );
}
