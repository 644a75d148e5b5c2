import { updateProfileRequestSchema } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Form, FormFailure, SubmitButton, TextField } from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { useNotice } from "../../components/ui/notice.tsx";
import { api } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import { ChangePasswordForm } from "../auth/change-password-form.tsx";
import { SessionList } from "../auth/session-list.tsx";
import { SignOutEverywhereButton } from "../auth/sign-out-everywhere.tsx";

/** The profile's User tab: details, password, this account's sessions (loaded when opened). */
export function UserTab() {
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
