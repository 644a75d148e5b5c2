import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "../../lib/messages.ts";
import { haptic } from "../../lib/telegram/mini-app-port.ts";
import { CopyButton } from "./copy-button.tsx";
import { CheckIcon, CrossIcon, InfoIcon } from "./icons.tsx";
import { Modal } from "./modal.tsx";
import type { Notice, NoticeType } from "./notice-types.ts";
import "./notice.css";

// Drawn (icons.tsx): the symbols were looked for through the device's fonts as a notice opened.
const ICONS: Record<NoticeType, ReactNode> = {
  info: <InfoIcon />,
  success: <CheckIcon />,
  danger: <CrossIcon />,
  warning: "!",
};

/**
 * One notice: its icon and colour by type, title, message (a server's words in the reader's
 * language too), a code to copy, an action it offers, OK.
 */
export function NoticeDialog({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  useEffect(() => {
    const felt = notice.haptic ?? (notice.type === "danger" ? "error" : "none");
    if (felt !== "none") haptic(felt);
  }, [notice]);
  useEffect(() => {
    if (!notice.autoCloseMs) return;
    const timer = setTimeout(onClose, notice.autoCloseMs);
    return () => clearTimeout(timer);
  }, [notice, onClose]);
  return (
    <Modal
      title={message(notice.title)}
      role="alertdialog"
      className={`modal notice notice-${notice.type}`}
      onClose={onClose}
    >
      <span className="notice-icon" aria-hidden="true">
        {ICONS[notice.type]}
      </span>
      {notice.message && <p>{message(notice.message)}</p>}
      {notice.code && (
        <p className="game-code">
          <strong>{notice.code}</strong> <CopyButton text={notice.code} />
        </p>
      )}
      {notice.action && (
        <button
          type="button"
          className="button"
          onClick={() => {
            notice.action?.run();
            onClose();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <button
        type="button"
        className={notice.action ? "button button-secondary" : "button"}
        // OK, the safe answer, takes the focus before an action.
        data-autofocus={notice.action ? "" : undefined}
        onClick={onClose}
      >
        {t("common.ok")}
      </button>
    </Modal>
  );
}
