import type { LoginResponse, SecondFactorChallenge } from "@igp/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { FormFailure, SubmitButton, TextField } from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { useNotice } from "../../components/ui/notice.tsx";
import { api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/messages.ts";
import { useSession } from "../../lib/session.tsx";
import { AuthPage } from "./auth-page.tsx";
import { authSchemas } from "./auth-schemas-loader.ts";
import { ExternalSignIn } from "./external-sign-in.tsx";
import { RecoveryCodes } from "./recovery-codes.tsx";
import { rememberReturnTo } from "./return-to.ts";
import { useSignedInLanding } from "./use-signed-in-landing.ts";

export function LoginPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const session = useSession();
  const notice = useNotice();
  const land = useSignedInLanding();
  const [search] = useSearchParams();
  useEffect(() => rememberReturnTo(search.get("next")), [search]);
  // Asked by the server after a right password: the authenticator's code (and, the first time,
  // the authenticator to set up). The same form is sent again with the code.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; role: string } | null>(null);
  const form = useApiForm({
    schema: () => authSchemas().then((s) => s.loginRequestSchema),
    defaultValues: { phone: "", password: "", code: "" },
    failureText: (reason) => `${t("auth.loginFailed")}${reason}`,
    async onSubmit({ code, ...values }) {
      const response = await api<LoginResponse | SecondFactorChallenge>("/api/auth/user/login", {
        body: code ? { ...values, code } : values,
      });
      if ("secondFactor" in response) return setChallenge(response);
      session.signIn(response);
      // The spec's 'Logged in successfully!' (2 s). What the server tells once (failed attempts
      // since the last sign-in, a locked authenticator, a recovery code used) stays until read.
      const failed = response.failedSignInAttempts;
      const told = failed ? t("auth.failedAttempts", { count: failed }) : response.notice;
      notice(
        told
          ? { type: "warning", title: t("auth.loginSuccess"), message: message(told) }
          : { type: "success", title: t("auth.loginSuccess"), autoCloseMs: 2_000 },
      );
      if (response.recoveryCodes)
        return setRecovery({ codes: response.recoveryCodes, role: response.role });
      land(response.role);
    },
  });

  if (recovery) return <RecoveryCodes codes={recovery.codes} onSaved={() => land(recovery.role)} />;
  return (
    <AuthPage title={t("auth.loginTitle")} form={form}>
      <TextField name="phone" label={t("auth.phoneOrEmail")} autoComplete="username" />
      <TextField
        name="password"
        type="password"
        label={t("auth.password")}
        autoComplete="current-password"
      />
      {challenge && (
        <div className="second-factor">
          <p>{message(challenge.message)}</p>
          {challenge.enrolment && (
            <>
              <img
                src={challenge.enrolment.qrCode}
                alt={t("auth.qrCode")}
                width={192}
                height={192}
              />
              <p>
                {t("auth.secretKey")} <code>{challenge.enrolment.secret}</code>
              </p>
            </>
          )}
          <TextField
            name="code"
            label={t("auth.authenticatorCode")}
            autoComplete="one-time-code"
            maxLength={20}
          />
        </div>
      )}
      <FormFailure />
      <SubmitButton label={t("auth.signIn")} busyLabel={t("auth.signingIn")} />
      <Link to="/auth/reset">{t("auth.forgot")}</Link>
      <Link to="/auth/register">{t("auth.noAccount")}</Link>
      <ExternalSignIn />
    </AuthPage>
  );
}
