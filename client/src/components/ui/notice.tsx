import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";

export type NoticeType = "info" | "success" | "danger" | "warning";
export interface Notice {
  type: NoticeType;
  title: string;
  message?: string;
  /** Closes by itself after this long (the spec's 2 s and 3 s notices). */
  autoCloseMs?: number;
}

const ICONS: Record<NoticeType, string> = { info: "ℹ", success: "✓", danger: "✕", warning: "!" };

const NoticeContext = createContext<(notice: Notice) => void>(() => {});

/** Modal notices with title, message and OK; one at a time, focus moved to OK for keyboards. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback((next: Notice) => setNotice(next), []);
  return (
    <NoticeContext.Provider value={show}>
      {children}
      {notice && <NoticeDialog notice={notice} onClose={() => setNotice(null)} />}
    </NoticeContext.Provider>
  );
}

function NoticeDialog({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ok.current?.focus();
    if (!notice.autoCloseMs) return;
    const timer = setTimeout(onClose, notice.autoCloseMs);
    return () => clearTimeout(timer);
  }, [notice, onClose]);
  return (
    <div className="modal-backdrop">
      <div
        className={`modal notice notice-${notice.type}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="notice-title"
      >
        <span className="notice-icon" aria-hidden="true">
          {ICONS[notice.type]}
        </span>
        <h2 id="notice-title">{notice.title}</h2>
        {notice.message && <p>{notice.message}</p>}
        <button ref={ok} type="button" className="button" onClick={onClose}>
          {t("common.ok")}
        </button>
      </div>
    </div>
  );
}

export const useNotice = () => useContext(NoticeContext);
