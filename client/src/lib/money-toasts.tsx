import "./money-texts/index.ts";
import type { MoneyNotice } from "@igp/shared";
import * as Toast from "@radix-ui/react-toast";
import { useTranslation } from "react-i18next";
import { moneyNoticeText } from "./money-notice-text.ts";
import { useMoney } from "./site-config.tsx";
import "./money-toasts.css";

/** How long a money toast stays (it waits while hovered or focused, and while the tab is away). */
const SHOWN_MS = 8_000;

/**
 * The player's money notices as toasts (Radix Toast: each one announced through a polite
 * `role="status"` live region, listed in a labelled region that F8 focuses, closed by its
 * button, a swipe or Escape, and by itself after a while), at the bottom of the screen.
 */
export function MoneyToasts(props: { notices: MoneyNotice[]; onClosed(id: string): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Toast.Provider duration={SHOWN_MS} label={t("money.notices.one")} swipeDirection="right">
      {props.notices.map((notice) => {
        const { title, text, tone } = moneyNoticeText(t, money, notice);
        return (
          <Toast.Root
            key={notice.id}
            type="background"
            className={`toast toast-${tone}`}
            data-kind={notice.kind}
            onOpenChange={(open) => !open && props.onClosed(notice.id)}
          >
            <Toast.Title className="toast-title">{title}</Toast.Title>
            <Toast.Description className="toast-text">{text}</Toast.Description>
            <Toast.Close className="toast-close" aria-label={t("common.close")}>
              ×
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="toasts" label={`${t("money.notices.region")} ({hotkey})`} />
    </Toast.Provider>
  );
}
