import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { Modal } from "../../components/ui/modal.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/messages.ts";
import { useSession } from "../../lib/session.tsx";
import { useSiteConfig } from "../../lib/site-config.tsx";
import "./texts.ts";
import { useAgeAndTermsChecks } from "./age-and-terms-checks.tsx";

/**
 * What an account made by a Google or Telegram sign-in sees before anything else (the session's
 * `ageConfirmationDue`): the minimum age and the terms, as the registration form asks them. It
 * cannot be closed: confirming lets the player in (the server records AgeConfirmed), declining
 * signs them out. The layout shows nothing else meanwhile, and the server refuses stakes anyway.
 */
export default function AgeGate() {
  const { t } = useTranslation();
  const message = useMessage();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { minimumAge: age } = useSiteConfig();
  const { answers, checks } = useAgeAndTermsChecks(age);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!answers.ageConfirmed || !answers.termsAccepted)
      return setProblem(t("saferPlay.age.bothBoxes"));
    setBusy(true);
    try {
      await api("/api/user/safer-play/age", { method: "POST", body: answers });
      // Off the sign-in's landing page (/process/{token}) first: shown again, it would sign in again.
      if (pathname.startsWith("/process/")) navigate("/", { replace: true });
      await session.refresh();
    } catch (error) {
      setProblem(error instanceof ApiError ? message(error.message) : String(error));
    } finally {
      setBusy(false);
    }
  };
  const decline = async () => {
    setBusy(true);
    // Home first, then signed out: the page under the question (perhaps the sign-in's landing
    // page, which would sign in again) is never shown.
    navigate("/", { replace: true });
    await session.signOut();
  };

  return (
    <Modal
      title={t("saferPlay.age.gateTitle")}
      role="alertdialog"
      dismissible={false}
      onClose={() => {}}
      onSubmit={confirm}
    >
      <p>{t("saferPlay.age.gateText", { age })}</p>
      {checks}
      {problem && (
        <p className="form-failure" role="alert">
          {problem}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={decline}>
          {t("saferPlay.age.decline")}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {t("saferPlay.age.submit")}
        </button>
      </div>
    </Modal>
  );
}
