import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/ui/modal.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useMessage } from "../../../lib/messages.ts";

/** The headers of an approval sent with the staff member's authenticator code. */
export const withAuthenticatorCode = (code?: string): Record<string, string> =>
  code ? { "x-authenticator-code": code } : {};

/**
 * A large approval asks the authenticator's code again (the server answers 403 at the field
 * `authenticatorCode`): `run(send)` sends, and when the code is asked for, shows a dialog that
 * takes it and sends again with it (asking again while the code is refused). `dialog` is
 * rendered by the screen.
 */
export function useStepUp() {
  const { t } = useTranslation();
  const message = useMessage();
  const [asking, setAsking] = useState<{
    why: string;
    retry(code: string): void;
    cancel(): void;
  } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function run(send: (code?: string) => Promise<void>, code?: string): Promise<void> {
    try {
      await send(code);
      setAsking(null);
    } catch (error) {
      if (!(error instanceof ApiError && error.field === "authenticatorCode")) {
        setAsking(null);
        throw error;
      }
      await new Promise<void>((resolve, reject) =>
        setAsking({
          why: message(error.message),
          retry: (next) => run(send, next).then(resolve, reject),
          cancel: () => {
            setAsking(null);
            reject(error);
          },
        }),
      );
    }
  }

  const dialog = asking && (
    <Modal
      title={t("auth.authenticatorCode")}
      onClose={asking.cancel}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        asking.retry(input.current?.value.trim() ?? "");
      }}
    >
      <p role="alert">{asking.why}</p>
      <label>
        {t("auth.authenticatorCode")}
        <input ref={input} autoComplete="one-time-code" maxLength={20} data-autofocus="" />
      </label>
      <div className="modal-actions">
        <button type="submit" className="button">
          {t("common.ok")}
        </button>
        <button type="button" className="button button-secondary" onClick={asking.cancel}>
          {t("common.cancel")}
        </button>
      </div>
    </Modal>
  );
  return { run, dialog };
}
