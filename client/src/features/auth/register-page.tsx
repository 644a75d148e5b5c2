import { registerRequestSchema } from "@igp/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { ApiError, api } from "../../lib/api-client.ts";
import { fieldErrors, useFormFields } from "../../lib/form-errors.ts";
import { useMessage } from "../../lib/i18n.ts";
import { ExternalSignIn } from "./external-sign-in.tsx";
import { Field } from "./login-page.tsx";
import { useTimedMessage } from "./use-timed-message.ts";

const EMPTY = { phone: "", fullName: "", password: "", confirmPassword: "" };

export function RegisterPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const { form, setForm, errors, setErrors, edit } = useFormFields(EMPTY);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useTimedMessage(3_000);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerRequestSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setBusy(true);
    try {
      await api("/api/auth/user/register", { body: form });
      setStatus({ text: t("auth.registerSuccess"), ok: true });
      setForm(EMPTY);
      setTimeout(() => navigate("/auth/login"), 1_500);
    } catch (error) {
      const reason = error instanceof ApiError ? message(error.message) : t("common.genericError");
      setStatus({ text: `${t("auth.registerFailed")}${reason}`, ok: false });
    } finally {
      setBusy(false);
    }
  }

  const error = (field: string) => (errors[field] ? message(errors[field]) : undefined);
  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>{t("auth.registerTitle")}</h1>
        <Field
          id="phone"
          label={t("auth.phoneOrEmail")}
          value={form.phone}
          onChange={edit("phone")}
          error={error("phone")}
          autoComplete="username"
          placeholder="09XXXXXXXX"
        />
        <Field
          id="fullName"
          label={t("auth.fullName")}
          value={form.fullName}
          onChange={edit("fullName")}
          error={error("fullName")}
          autoComplete="name"
        />
        <Field
          id="password"
          type="password"
          label={t("auth.password")}
          value={form.password}
          onChange={edit("password")}
          error={error("password")}
          autoComplete="new-password"
        />
        <Field
          id="confirmPassword"
          type="password"
          label={t("auth.confirmPassword")}
          value={form.confirmPassword}
          onChange={edit("confirmPassword")}
          error={error("confirmPassword")}
          autoComplete="new-password"
        />
        <button className="button" type="submit" disabled={busy}>
          {busy ? t("auth.registering") : t("auth.register")}
        </button>
        {status && (
          <p role="status" className={status.ok ? "text-success" : "text-danger"}>
            {status.text}
          </p>
        )}
        <Link to="/auth/login">{t("auth.haveAccount")}</Link>
        <ExternalSignIn />
      </form>
    </main>
  );
}
