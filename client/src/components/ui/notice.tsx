import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from "react";
import type { Notice } from "./notice-types.ts";

// The dialog (and the dialog library) load with the first notice, not with the first page.
const NoticeDialog = lazy(() =>
  import("./notice-dialog.tsx").then((module) => ({ default: module.NoticeDialog })),
);

const NoticeContext = createContext<(notice: Notice) => void>(() => {});

/**
 * Modal notices with title, message and OK, one at a time: a new one replaces the one shown. Each
 * opens as a dialog of its own (keyed), so that it is announced, takes focus and stands above
 * whatever opened since the one it replaces (a modal opened in between hides what was open).
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ notice: Notice; key: number } | null>(null);
  // Counted apart from the state: a notice closed and another shown in one batch (an auto-close
  // just before a verdict) must not reuse the closed one's dialog.
  const shownSoFar = useRef(0);
  const show = useCallback((notice: Notice) => {
    shownSoFar.current += 1;
    setShown({ notice, key: shownSoFar.current });
  }, []);
  const close = useCallback(() => setShown(null), []);
  return (
    <NoticeContext.Provider value={show}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <NoticeDialog key={shown.key} notice={shown.notice} onClose={close} />
        </Suspense>
      )}
    </NoticeContext.Provider>
  );
}

export const useNotice = () => useContext(NoticeContext);
