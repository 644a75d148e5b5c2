import { type ChangePasswordResponse, changePasswordRequestSchema } from "@igp/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api, tokenStore } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/i18n.ts";
import { Field } from "./login-page.tsx";

/**
 * Current, new and confirmation password, for players and admins alike; only the wording of the
 * mismatch and failure notices differs between the two specs (`variant`).
 */
export function ChangePasswordForm({
  variant,
  title,
}: {
  variant: "player" | "admin";
  title?: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const [form, setForm] = useState({ currentPassword: "", newPassword: "", confirm: "" });
  const edit = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.currentPassword || !form.newPassword || !form.confirm) {
      return notice({
        type: "warning",
        title: t("wallet.missingFields"),
        message: message("Please fill all fields."),
      });
    }
    if (form.newPassword !== form.confirm) {
      return variant === "admin"
        ? notice({
            type: "warning",
            title: t("admin.passwordMismatchTitle"),
            message: t("admin.passwordMismatch"),
          })
        : notice({ type: "warning", title: t("profile.passwordMismatch") });
    }
    const parsed = changePasswordRequestSchema.safeParse(form);
    if (!parsed.success)
      return notice({ type: "warning", title: message(parsed.error.issues[0]!.message) });
    try {
      // Every other session has ended; this device goes on with the token the answer carries.
      const changed = await api<ChangePasswordResponse>("/api/user/update/password", {
        body: parsed.data,
      });
      tokenStore.set(changed.token);
      setForm({ currentPassword: "", newPassword: "", confirm: "" });
      notice({ type: "success", title: t("profile.passwordChanged"), autoCloseMs: 2_000 });
    } catch (error) {
      const reason = error instanceof ApiError ? message(error.message) : undefined;
      notice(
        variant === "admin"
          ? {
              type: "danger",
              title: t("admin.changeFailed"),
              message: reason ?? t("admin.changeFailedText"),
            }
          : {
              type: "danger",
              title: t("wallet.serverError"),
              message: reason ?? t("common.genericError"),
            },
      );
    }
  }

  return (
    <form
      className={variant === "admin" ? "card narrow-form" : "card"}
      onSubmit={submit}
      noValidate
    >
      {title && <h2>{title}</h2>}
      <Field
        id={`${variant}-current-password`}
        type="password"
        label={t("profile.currentPassword")}
        value={form.currentPassword}
        onChange={edit("currentPassword")}
        autoComplete="current-password"
      />
      <Field
        id={`${variant}-new-password`}
        type="password"
        label={t("profile.newPassword")}
        value={form.newPassword}
        onChange={edit("newPassword")}
        autoComplete="new-password"
      />
      <Field
        id={`${variant}-confirm-password`}
        type="password"
        label={t("auth.confirmPassword")}
        value={form.confirm}
        onChange={edit("confirm")}
        autoComplete="new-password"
      />
      <button type="submit" className="button">
        {t("profile.changePassword")}
      </button>
    </form>
  );
}
