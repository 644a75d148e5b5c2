import type { LotteryDrawingSoonMessage } from "@igp/shared";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { useNotice } from "../components/ui/notice.tsx";

/** A coin flip's or spin wheel's round page: the player is in a round, not to be led away. */
const ROUND_SCREEN = /^\/play\/instant\/(coin-flip|spin-wheel)\/(?!lobby$)[^/]+$/;

/**
 * `lotteryDrawingSoon` on the player channel (docs/realtime.md): a lottery the player holds
 * tickets of starts its drawing in 5 seconds. Wherever the player is, the spec's notice with
 * the lottery's title and 'Watch the drawing', which opens its page; inside a round only the
 * notice; on that lottery's page nothing more (the page tells it from its room).
 */
export function useLotteryDrawingSoon() {
  const { t } = useTranslation();
  const notify = useNotice();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Read when a message comes: the channel is not joined again as the player moves around.
  const where = useRef({ pathname, navigate });
  where.current = { pathname, navigate };
  return useCallback(
    (message: LotteryDrawingSoonMessage) => {
      const page = `/play/instant/lottery/${encodeURIComponent(message.code)}`;
      const here = where.current.pathname;
      if (here === page) return;
      notify({
        type: "info",
        title: message.title,
        message: t("lottery.drawingSoon"),
        // The spec's start notice closes after 2 s, as the games' do.
        autoCloseMs: 2_000,
        ...(!ROUND_SCREEN.test(here) && {
          action: { label: t("lottery.watchDrawing"), run: () => where.current.navigate(page) },
        }),
      });
    },
    [notify, t],
  );
}
