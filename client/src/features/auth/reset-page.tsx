import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/i18n.ts";
import { Field } from "./login-page.tsx";

export function ResetPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const notice = useNotice();
  const navigate = useNavigate();
  const [by, setBy] = useState<"email" | "phone">("phone");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      return notice({ type: "warning", title: message("Please provide email or phone number") });
    }
    setBusy(true);
    try {
      await api("/api/auth/user/reset/password", { body: { [by]: value.trim() } });
      notice({
        type: "success",
        // 'Email' and 'Phone' are labels; mid-sentence they read in lower case.
        title: t("auth.resetSent", { via: t(`auth.${by}`).toLowerCase() }),
        autoCloseMs: 1_500,
      });
      setTimeout(() => navigate("/auth/login"), 1_500);
    } catch (error) {
      const reason = error instanceof ApiError ? message(error.message) : t("common.genericError");
      notice({ type: "danger", title: `${t("auth.resetFailed")}${reason}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>{t("auth.resetTitle")}</h1>
        <fieldset className="choice">
          <legend>{t("auth.resetBy")}</legend>
          {(["phone", "email"] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="by"
                checked={by === option}
                onChange={() => setBy(option)}
              />{" "}
              {t(`auth.${option}`)}
            </label>
          ))}
        </fieldset>
        <Field
          id="contact"
          type={by === "email" ? "email" : "tel"}
          label={t(`auth.${by}`)}
          value={value}
          onChange={setValue}
          placeholder={by === "phone" ? "09XXXXXXXX / 07XXXXXXXX" : "name@example.com"}
        />
        <button className="button" type="submit" disabled={busy}>
          {t("auth.sendReset")}
        </button>
        <Link to="/auth/login">{t("auth.backToLogin")}</Link>
      </form>
    </main>
  );
}
