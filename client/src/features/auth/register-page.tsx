import type { RegisterResponse } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import {
  CheckboxField,
  FormFailure,
  NewPasswordFields,
  SubmitButton,
  TextField,
} from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { useNotice } from "../../components/ui/notice.tsx";
import { api } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import { useSiteConfig } from "../../lib/site-config.tsx";
import "../safer-play/texts.ts";
import { AuthPage } from "./auth-page.tsx";
import { authSchemas } from "./auth-schemas-loader.ts";
import { ExternalSignIn } from "./external-sign-in.tsx";
import { useSignedInLanding } from "./use-signed-in-landing.ts";

/** Registration; the new account is signed in at once and lands on its profile. */
export function RegisterPage() {
  const { t } = useTranslation();
  const session = useSession();
  const notice = useNotice();
  const land = useSignedInLanding();
  const { minimumAge } = useSiteConfig();
  const form = useApiForm({
    schema: () => authSchemas().then((s) => s.registerRequestSchema),
    defaultValues: {
      phone: "",
      fullName: "",
      password: "",
      confirmPassword: "",
      // Unticked boxes: the schema asks for true, so the form says why it cannot go yet.
      ageConfirmed: false as true,
      termsAccepted: false as true,
    },
    failureText: (reason) => `${t("auth.registerFailed")}${reason}`,
    async onSubmit(values) {
      const { message: _, ...signedIn } = await api<RegisterResponse>("/api/auth/user/register", {
        body: values,
      });
      session.signIn(signedIn);
      notice({ type: "success", title: t("auth.registerSuccess"), autoCloseMs: 3_000 });
      land(signedIn.role);
    },
  });

  return (
    <AuthPage title={t("auth.registerTitle")} form={form}>
      <TextField
        name="phone"
        label={t("auth.phoneOrEmail")}
        autoComplete="username"
        placeholder="09XXXXXXXX"
      />
      <TextField name="fullName" label={t("auth.fullName")} autoComplete="name" />
      <NewPasswordFields
        name="password"
        confirmName="confirmPassword"
        label={t("auth.password")}
        confirmLabel={t("auth.confirmPassword")}
      />
      <CheckboxField name="ageConfirmed" label={t("saferPlay.age.confirm", { age: minimumAge })} />
      <CheckboxField name="termsAccepted" label={t("saferPlay.age.terms")} />
      <FormFailure />
      <SubmitButton label={t("auth.register")} busyLabel={t("auth.registering")} />
      <Link to="/auth/login">{t("auth.haveAccount")}</Link>
      <ExternalSignIn />
    </AuthPage>
  );
}
