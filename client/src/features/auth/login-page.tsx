import { type LoginResponse, loginRequestSchema } from "@igp/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { fieldErrors, useFormFields } from "../../lib/form-errors.ts";
import { isAdminRole, useSession } from "../../lib/session.tsx";
import { ExternalSignIn } from "./external-sign-in.tsx";
import { useTimedMessage } from "./use-timed-message.ts";

export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { form, errors, setErrors, edit } = useFormFields({ phone: "", password: "" });
  const [busy, setBusy] = useState(false);
  const notice = useNotice();
  const [status, setStatus] = useTimedMessage(2_000);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setBusy(true);
    try {
      const response = await api<LoginResponse>("/api/auth/user/login", { body: parsed.data });
      session.signIn(response);
      setStatus({ text: t("auth.loginSuccess"), ok: true });
      // The server tells this once: the count is reset by this sign-in.
      if (response.failedSignInAttempts)
        notice({
          type: "warning",
          title: t("auth.failedAttempts", { count: response.failedSignInAttempts }),
        });
      navigate(isAdminRole(response.role) ? "/admin/dashboard" : "/dashboard/profile");
    } catch (error) {
      const reason = error instanceof ApiError ? error.message : t("common.genericError");
      setStatus({ text: `${t("auth.loginFailed")}${reason}`, ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>{t("auth.loginTitle")}</h1>
        <Field
          id="phone"
          label={t("auth.phoneOrEmail")}
          value={form.phone}
          onChange={edit("phone")}
          error={errors.phone}
          autoComplete="username"
        />
        <Field
          id="password"
          type="password"
          label={t("auth.password")}
          value={form.password}
          onChange={edit("password")}
          error={errors.password}
          autoComplete="current-password"
        />
        <button className="button" type="submit" disabled={busy}>
          {busy ? t("auth.signingIn") : t("auth.signIn")}
        </button>
        {status && (
          <p role="status" className={status.ok ? "text-success" : "text-danger"}>
            {status.text}
          </p>
        )}
        <Link to="/auth/reset">{t("auth.forgot")}</Link>
        <Link to="/auth/register">{t("auth.noAccount")}</Link>
        <ExternalSignIn />
      </form>
    </main>
  );
}

export function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error && (
        <p id={errorId} className="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
