import {
  balanceUpdatedSchema,
  listsUpdatedSchema,
  lotteryDrawingSoonMessageSchema,
  lotteryMessageSchema,
  type MoneyNotice,
  moneyNoticeSchema,
  noPlayerJoinedSchema,
  ROOMS,
} from "@igp/shared";
import type { QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../components/ui/notice.tsx";
import { useLotteryDrawingSoon } from "./lottery-drawing-soon.ts";
import { MoneyToasts } from "./money-toasts.tsx";
import { queryKeys, refreshLists } from "./queries.ts";
import { joinOrCreateRoom, LEFT_BY_CHOICE } from "./realtime.ts";
import { useSession } from "./session.tsx";
import { haptic } from "./telegram/mini-app-port.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * The signed-in player's realtime channel (docs/realtime.md, room "player"): `balanceUpdated`
 * moves both balances at once, `listsUpdated` says the deposit and withdrawal lists changed (a
 * decision), `moneyNotice` tells a decision about the player's money (a toast, and the lists it
 * concerns read again), `noPlayerJoined` says a round expired and its bet came back,
 * `lotteryDrawingSoon` says the drawing of a lottery the player holds tickets of starts in 5
 * seconds (a notice that leads to it), `lottery` that it was drawn.
 * While it is connected the session stops polling for balances.
 */
export function PlayerChannel() {
  const { t } = useTranslation();
  const notify = useNotice();
  const { user, applyBalances, setLive, refresh } = useSession();
  const userId = user?.role === "user" ? user.userId : null;
  const hydrated = useHydrated();
  const drawingSoon = useLotteryDrawingSoon();
  const [notices, setNotices] = useState<MoneyNotice[]>([]);
  const toast = useCallback((notice: MoneyNotice) => {
    // A reconnected channel tells the notices of its absence again: each is shown once.
    if (shownNotices.has(notice.id)) return;
    shownNotices.add(notice.id);
    setNotices((shown) => [...shown, notice].slice(-MAX_TOASTS));
    if (notice.kind === "lotteryWon") haptic("success");
    if (notice.kind === "lotteryLost") haptic("warning");
    void refreshLists(...LISTS_OF[notice.kind]);
  }, []);
  const closed = useCallback(
    (id: string) => setNotices((shown) => shown.filter((notice) => notice.id !== id)),
    [],
  );

  useEffect(() => {
    if (!userId) return;
    let active = true;
    let leave = () => {};
    const join = (attempt: number) =>
      joinOrCreateRoom(ROOMS.player, { userId }).then(
        (room) => {
          leave = () => void room.leave();
          if (!active) return leave();
          setLive(true);
          room.onMessage("balanceUpdated", (message) =>
            applyBalances(balanceUpdatedSchema.parse(message)),
          );
          // A request decided in the back office: its list shows the decision.
          room.onMessage("listsUpdated", (message) => {
            listsUpdatedSchema.parse(message);
            void refreshLists(
              queryKeys.transactions("deposit"),
              queryKeys.transactions("withdraw"),
            );
          });
          room.onMessage("noPlayerJoined", (message) => {
            noPlayerJoinedSchema.parse(message);
            void refresh();
            notify({
              type: "warning",
              title: t("rounds.noPlayerJoined"),
              message: t("rounds.noPlayerJoinedMessage"),
              autoCloseMs: 3000,
            });
          });
          room.onMessage("moneyNotice", (message) => toast(moneyNoticeSchema.parse(message)));
          room.onMessage("lotteryDrawingSoon", (message) =>
            drawingSoon(lotteryDrawingSoonMessageSchema.parse(message)),
          );
          room.onMessage("lottery", (message) => {
            const drawn = lotteryMessageSchema.parse(message);
            void refresh();
            // The lottery screens listen for it (features/lottery: LOTTERY_DRAWN_EVENT); the
            // player hears whether they won from the money notice that follows.
            window.dispatchEvent(new CustomEvent("igp:lottery-drawn", { detail: drawn }));
          });
          room.onDrop(() => setLive(false));
          room.onReconnect(() => {
            setLive(true);
            // What was decided while away shows in the lists, told or not.
            void refreshLists(...ALL_LISTS);
          });
          if (attempt > 0) void refreshLists(...ALL_LISTS);
          // Lost for good (its server process went away): balances poll until it is back.
          room.onLeave((code) => {
            setLive(false);
            if (active && code !== LEFT_BY_CHOICE) retry(0);
          });
        },
        () => {
          setLive(false);
          if (attempt > 0) retry(attempt);
        },
      );
    const retry = (attempt: number) => {
      const wait = REJOIN_WAITS_MS[attempt];
      if (wait !== undefined) setTimeout(() => active && void join(attempt + 1), wait);
    };
    void join(0);
    return () => {
      active = false;
      setLive(false);
      leave();
    };
  }, [userId, applyBalances, setLive, refresh, notify, t, toast, drawingSoon]);
  // Not in a page the server rendered: Radix writes the region's inline style, which the CSP
  // refuses in HTML (style-src 'self'); set by the script, after hydration, it is allowed.
  return hydrated ? <MoneyToasts notices={notices} onClosed={closed} /> : null;
}

/** Notices already shown in this tab, by id (the ledger event's). */
const shownNotices = new Set<string>();
/** At most this many toasts at once: the oldest go first. */
const MAX_TOASTS = 3;
/** The lists each notice changes, read again when it arrives. */
const LISTS_OF: Record<MoneyNotice["kind"], QueryKey[]> = {
  depositApproved: [queryKeys.transactions("deposit")],
  depositRefused: [queryKeys.transactions("deposit")],
  withdrawalPaid: [queryKeys.transactions("withdraw")],
  withdrawalRefused: [queryKeys.transactions("withdraw")],
  lotteryWon: [queryKeys.myTickets, queryKeys.gameHistory()],
  lotteryLost: [queryKeys.myTickets, queryKeys.gameHistory()],
};
const ALL_LISTS: QueryKey[] = [
  queryKeys.transactions("deposit"),
  queryKeys.transactions("withdraw"),
  queryKeys.myTickets,
  queryKeys.gameHistory(),
];

/** Waits before joining a lost channel again (another process takes it within seconds). */
const REJOIN_WAITS_MS = [1_000, 2_000, 5_000, 10_000, 15_000, 30_000];
