import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from "react";

export type NoticeType = "info" | "success" | "danger" | "warning";
export interface Notice {
  type: NoticeType;
  title: string;
  message?: string;
  /** A code the player needs elsewhere (a deposit or withdraw code), shown with a copy action. */
  code?: string;
  /** Closes by itself after this long (the spec's 2 s and 3 s notices). */
  autoCloseMs?: number;
}

// The dialog (and the dialog library) load with the first notice, not with the first page.
const NoticeDialog = lazy(() =>
  import("./notice-dialog.tsx").then((module) => ({ default: module.NoticeDialog })),
);

const NoticeContext = createContext<(notice: Notice) => void>(() => {});

/** Modal notices with title, message and OK, one at a time. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = useCallback((next: Notice) => setNotice(next), []);
  const close = useCallback(() => setNotice(null), []);
  return (
    <NoticeContext.Provider value={show}>
      {children}
      {notice && (
        <Suspense fallback={null}>
          <NoticeDialog notice={notice} onClose={close} />
        </Suspense>
      )}
    </NoticeContext.Provider>
  );
}

export const useNotice = () => useContext(NoticeContext);
