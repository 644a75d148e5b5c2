import "../admin-texts.ts";
import { adminResetPasswordSchema } from "@igp/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DialogForm } from "../../../components/form/dialog-form.tsx";
import { NewPasswordFields } from "../../../components/form/fields.tsx";
import { useApiForm } from "../../../components/form/use-api-form.ts";
import { api } from "../../../lib/api-client.ts";
import { type Column, changeRow, DataTable } from "../components/data-table.tsx";

const RESETS = "/api/auth/user/reset/password/requests";

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
  const columns: Column<ResetRequest>[] = [
    // The player's id, as the Players screen shows it.
    { header: t("admin.columns.id"), cell: (r) => <code>{r.userId.slice(0, 8)}</code> },
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
        path={RESETS}
        listKey="players"
        columns={columns}
        empty={t("admin.empty.players")}
      />
      {target && <ResetDialog request={target} onClose={() => setTarget(null)} />}
    </section>
  );
}

/** The new password twice: both needed, the same, and the password rule. */
const resetFormSchema = adminResetPasswordSchema
  .extend({ confirm: z.string().min(1, "Please fill in both fields.") })
  .refine((form) => form.newPassword === form.confirm, {
    path: ["confirm"],
    message: "Passwords do not match.",
  });

export function ResetDialog({ request, onClose }: { request: ResetRequest; onClose(): void }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const form = useApiForm({
    schema: resetFormSchema,
    defaultValues: { newPassword: "", confirm: "" },
    failureText: (reason) => reason || t("admin.reset.failed"),
    async onSubmit({ newPassword }) {
      await api(`/api/admin/users/reset-password/${request.userId}`, { body: { newPassword } });
      setDone(true);
      setTimeout(onClose, 1_500);
      await changeRow<ResetRequest>(RESETS, "players", request.id, { status: "completed" });
    },
  });

  return (
    <DialogForm
      form={form}
      id="reset"
      title={t("admin.reset.title", { name: request.fullName })}
      submitLabel={t("admin.reset.action")}
      onCancel={onClose}
    >
      <NewPasswordFields
        name="newPassword"
        confirmName="confirm"
        label={t("profile.newPassword")}
        confirmLabel={t("auth.confirmPassword")}
      />
      {done && (
        <p role="status" className="text-success">
          {t("admin.reset.done")}
        </p>
      )}
    </DialogForm>
  );
}
