import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import {
  ChoiceField,
  FormFailure,
  SubmitButton,
  TextField,
} from "../../components/form/fields.tsx";
import { useApiForm } from "../../components/form/use-api-form.ts";
import { useNotice } from "../../components/ui/notice.tsx";
import { api } from "../../lib/api-client.ts";
import { AuthPage } from "./auth-page.tsx";
import { authSchemas } from "./auth-schemas-loader.ts";

export function ResetPage() {
  const { t } = useTranslation();
  const notice = useNotice();
  const navigate = useNavigate();
  const form = useApiForm({
    schema: () => authSchemas().then((s) => s.resetFormSchema),
    defaultValues: { by: "phone", contact: "" },
    failureText: (reason) => `${t("auth.resetFailed")}${reason}`,
    fieldOf: (error) => (error.field ? "contact" : undefined),
    async onSubmit({ by, contact }) {
      await api("/api/auth/user/reset/password", { body: { [by]: contact.trim() } });
      notice({
        type: "success",
        // 'Email' and 'Phone' are labels; mid-sentence they read in lower case.
        title: t("auth.resetSent", { via: t(`auth.${by}`).toLowerCase() }),
        autoCloseMs: 1_500,
      });
      setTimeout(() => navigate("/auth/login"), 1_500);
    },
  });
  const by = form.watch("by");

  return (
    <AuthPage title={t("auth.resetTitle")} form={form}>
      <ChoiceField
        name="by"
        legend={t("auth.resetBy")}
        options={(["phone", "email"] as const).map((value) => ({
          value,
          label: t(`auth.${value}`),
        }))}
      />
      <TextField
        name="contact"
        type={by === "email" ? "email" : "tel"}
        label={t(`auth.${by}`)}
        placeholder={by === "phone" ? "09XXXXXXXX / 07XXXXXXXX" : "name@example.com"}
      />
      <FormFailure />
      <SubmitButton label={t("auth.sendReset")} />
      <Link to="/auth/login">{t("auth.backToLogin")}</Link>
    </AuthPage>
  );
}
