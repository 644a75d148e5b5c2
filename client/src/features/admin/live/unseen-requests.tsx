import type { RequestChange } from "@igp/shared";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

/**
 * The menu's badges: new requests not yet seen, per kind, counted by the staff channel
 * (staff-channel.tsx) and shown by the menu from the back office's first paint.
 */
export type Kind = RequestChange["kind"];

/** The menu entry of each kind's list (charges are on Transactions). */
export const SCREEN_OF: Record<Kind, string> = {
  deposit: "deposits",
  withdrawal: "withdrawals",
  charge: "transactions",
};

/** New requests not yet seen, per kind: the menu's badges. */
export const unseen = { counts: { deposit: 0, withdrawal: 0, charge: 0 } as Record<Kind, number> };
const listeners = new Set<() => void>();
export function setUnseen(kind: Kind, count: number) {
  unseen.counts = { ...unseen.counts, [kind]: count };
  for (const listener of listeners) listener();
}
export function useUnseenRequests(): Record<Kind, number> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unseen.counts,
    // The server's render of the dashboard (none seen yet: the staff channel counts them).
    () => unseen.counts,
  );
}

/** The badge of a menu entry: new requests of its kind not yet seen. */
export function UnseenBadge({ screen }: { screen: string }) {
  const { t } = useTranslation();
  const counts = useUnseenRequests();
  const kind = (Object.keys(SCREEN_OF) as Kind[]).find((k) => SCREEN_OF[k] === screen);
  const count = kind ? counts[kind] : 0;
  if (!count) return null;
  return (
    <span className="badge unseen-badge">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t("admin.live.unseen", { count })}</span>
    </span>
  );
}
