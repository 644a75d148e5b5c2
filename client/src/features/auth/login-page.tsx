import { type LoginResponse, loginRequestSchema } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { FormFailure, SubmitButton, TextField } from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { useNotice } from "../../components/ui/notice.tsx";
import { api } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import { AuthPage } from "./auth-page.tsx";
import { ExternalSignIn } from "./external-sign-in.tsx";
import { useSignedInLanding } from "./use-signed-in-landing.ts";

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const notice = useNotice();
  const land = useSignedInLanding();
  const form = useApiForm({
    schema: loginRequestSchema,
    defaultValues: { phone: "", password: "" },
    failureText: (reason) => `${t("auth.loginFailed")}${reason}`,
    async onSubmit(values) {
      const response = await api<LoginResponse>("/api/auth/user/login", { body: values });
      session.signIn(response);
      // The spec's 'Logged in successfully!' (2 s). Failed attempts since the last sign-in, which
      // the server tells once (this sign-in resets the count), stay until read.
      const failed = response.failedSignInAttempts;
      notice(
        failed
          ? {
              type: "warning",
              title: t("auth.loginSuccess"),
              message: t("auth.failedAttempts", { count: failed }),
            }
          : { type: "success", title: t("auth.loginSuccess"), autoCloseMs: 2_000 },
      );
      land(response.role);
    },
  });

  return (
    <AuthPage title={t("auth.loginTitle")} form={form}>
      <TextField name="phone" label={t("auth.phoneOrEmail")} autoComplete="username" />
      <TextField
        name="password"
        type="password"
        label={t("auth.password")}
        autoComplete="current-password"
      />
      <FormFailure />
      <SubmitButton label={t("auth.signIn")} busyLabel={t("auth.signingIn")} />
      <Link to="/auth/reset">{t("auth.forgot")}</Link>
      <Link to="/auth/register">{t("auth.noAccount")}</Link>
      <ExternalSignIn />
    </AuthPage>
  );
}
