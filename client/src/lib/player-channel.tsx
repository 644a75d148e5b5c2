import {
  balanceUpdatedSchema,
  lotteryMessageSchema,
  noPlayerJoinedSchema,
  ROOMS,
} from "@igp/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../components/ui/notice.tsx";
import { joinOrCreateRoom } from "./realtime.ts";
import { useSession } from "./session.tsx";

/**
 * The signed-in player's realtime channel (docs/realtime.md, room "player"): `balanceUpdated`
 * moves both balances at once, `noPlayerJoined` says a round expired and its bet came back,
 * `lottery` says a lottery the player holds tickets of was drawn.
 * While it is connected the session stops polling for balances.
 */
export function PlayerChannel() {
  const { t } = useTranslation();
  const notify = useNotice();
  const { user, applyBalances, setLive, refresh } = useSession();
  const userId = user?.role === "user" ? user.userId : null;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    let leave = () => {};
    joinOrCreateRoom(ROOMS.player, { userId }).then(
      (room) => {
        leave = () => void room.leave();
        if (!active) return leave();
        setLive(true);
        room.onMessage("balanceUpdated", (message) =>
          applyBalances(balanceUpdatedSchema.parse(message)),
        );
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
        room.onMessage("lottery", (message) => {
          const drawn = lotteryMessageSchema.parse(message);
          void refresh();
          // The lottery screens listen for it (features/lottery: LOTTERY_DRAWN_EVENT).
          window.dispatchEvent(new CustomEvent("igp:lottery-drawn", { detail: drawn }));
          notify({
            type: "info",
            title: t("lottery.drawn"),
            message: t("lottery.drawnMessage", { title: drawn.title }),
            autoCloseMs: 2000,
          });
        });
        room.onLeave(() => setLive(false));
      },
      () => setLive(false),
    );
    return () => {
      active = false;
      setLive(false);
      leave();
    };
  }, [userId, applyBalances, setLive, refresh, notify, t]);
  return null;
}
