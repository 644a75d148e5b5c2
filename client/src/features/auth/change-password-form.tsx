import { type ChangePasswordResponse, changePasswordRequestSchema, text } from "@igp/shared";
import { useTranslation } from "react-i18next";
import {
  Form,
  FormFailure,
  NewPasswordFields,
  SubmitButton,
  TextField,
} from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { useNotice } from "../../components/ui/notice.tsx";
import { api } from "../../lib/api-client.ts";

/** The request and its confirmation, which must repeat the new password (`mismatch` otherwise). */
const changePasswordFormSchema = (mismatch: string) =>
  changePasswordRequestSchema
    .extend({
      confirm: text("Confirmation", { required: "Please fill all fields." }).min(
        1,
        "Please fill all fields.",
      ),
    })
    .refine((form) => form.newPassword === form.confirm, { path: ["confirm"], message: mismatch });

/**
 * Current, new and confirmation password, for players and admins alike; only the wording of the
 * mismatch and of a refusal differs between the two specs (`variant`).
 */
export function ChangePasswordForm({
  variant,
  title,
}: {
  variant: "player" | "admin";
  title?: string;
}) {
  const { t } = useTranslation();
  const notice = useNotice();
  const empty = { currentPassword: "", newPassword: "", confirm: "" };
  const form = useApiForm({
    schema: changePasswordFormSchema(
      t(variant === "admin" ? "auth.staffPasswordMismatch" : "profile.passwordMismatch"),
    ),
    defaultValues: empty,
    async onSubmit({ currentPassword, newPassword }) {
      // Every other session has ended; this device goes on in a new one (its cookie replaced).
      await api<ChangePasswordResponse>("/api/user/update/password", {
        body: { currentPassword, newPassword },
      });
      form.reset(empty);
      notice({ type: "success", title: t("profile.passwordChanged"), autoCloseMs: 2_000 });
    },
  });

  return (
    <Form form={form} className={variant === "admin" ? "card narrow-form" : "card"}>
      {title && <h2>{title}</h2>}
      <TextField
        name="currentPassword"
        type="password"
        label={t("profile.currentPassword")}
        autoComplete="current-password"
      />
      <NewPasswordFields
        name="newPassword"
        confirmName="confirm"
        label={t("profile.newPassword")}
        confirmLabel={t("auth.confirmPassword")}
      />
      <FormFailure
        title={t(variant === "admin" ? "auth.staffChangeFailed" : "wallet.serverError")}
      />
      <SubmitButton label={t("profile.changePassword")} />
    </Form>
  );
}
