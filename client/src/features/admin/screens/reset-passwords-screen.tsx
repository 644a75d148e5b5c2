import { adminResetPasswordSchema } from "@igp/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useMessage } from "../../../lib/i18n.ts";
import { Field } from "../../auth/login-page.tsx";
import { type Column, DataTable } from "../components/data-table.tsx";

interface ResetRequest {
  id: string;
  userId: string;
  fullName: string;
  phone: string | null;
  email: string | null;
  status: "pending" | "completed";
}

/** Players who asked for a new password; the superAdmin sets one (both fields, at least 6). */
export function ResetPasswordsScreen() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<ResetRequest | null>(null);
  const [version, setVersion] = useState(0);
  const columns: Column<ResetRequest>[] = [
    { header: t("admin.columns.name"), cell: (r) => r.fullName },
    { header: t("auth.phone"), cell: (r) => r.phone ?? "—" },
    { header: t("admin.columns.email"), cell: (r) => r.email ?? "—" },
    {
      header: t("admin.columns.status"),
      cell: (r) => t(r.status === "completed" ? "status.completed" : "status.pending"),
    },
    {
      header: t("admin.columns.actions"),
      cell: (r) => (
        <button type="button" className="button button-small" onClick={() => setTarget(r)}>
          {t("admin.reset.action")}
        </button>
      ),
    },
  ];
  return (
    <section>
      <h1>{t("admin.menu.resetPasswords")}</h1>
      <DataTable
        path="/api/auth/user/reset/password/requests"
        listKey="players"
        columns={columns}
        empty={t("admin.empty.players")}
        version={version}
      />
      {target && (
        <ResetDialog
          request={target}
          onClose={() => setTarget(null)}
          onDone={() => setVersion((v) => v + 1)}
        />
      )}
    </section>
  );
}

export function ResetDialog({
  request,
  onClose,
  onDone,
}: {
  request: ResetRequest;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || !confirm) return setStatus({ ok: false, text: t("admin.reset.bothFields") });
    if (password !== confirm)
      return setStatus({ ok: false, text: message("Passwords do not match.") });
    const parsed = adminResetPasswordSchema.safeParse({ newPassword: password });
    if (!parsed.success)
      return setStatus({ ok: false, text: message(parsed.error.issues[0]!.message) });
    try {
      await api(`/api/admin/users/reset-password/${request.userId}`, { body: parsed.data });
      setStatus({ ok: true, text: t("admin.reset.done") });
      onDone();
      setTimeout(onClose, 1_500);
    } catch (error) {
      setStatus({
        ok: false,
        text: error instanceof ApiError ? message(error.message) : t("admin.reset.failed"),
      });
    }
  }

  return (
    <FormDialog
      id="reset"
      title={t("admin.reset.title", { name: request.fullName })}
      submitLabel={t("admin.reset.action")}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field
        id="reset-new"
        type="password"
        label={t("profile.newPassword")}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <Field
        id="reset-confirm"
        type="password"
        label={t("auth.confirmPassword")}
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      {status && (
        <p role="status" className={status.ok ? "text-success" : "text-danger"}>
          {status.text}
        </p>
      )}
    </FormDialog>
  );
}
