import type { LotteryMessage, LotteryView } from "@igp/shared";
import { signInPageFrom } from "@igp/shared/sign-in-return";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { gameTitle } from "../../lib/labels.ts";
import { useMessage } from "../../lib/messages.ts";
import { pageAnswersKept, usePageAnswer } from "../../lib/page-data.tsx";
import { useSession } from "../../lib/session.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { buyTicket, fetchLotteries, LOTTERY_DRAWN_EVENT, LOTTERY_LIST } from "./lottery-api.ts";
import {
  ConfirmPurchaseDialog,
  LIST_PAINTED,
  LotteryCard,
  PrizeListDialog,
} from "./lottery-card.tsx";

/** How often the list reads its lotteries again (their tickets sold). */
const LIST_REFRESH_MS = 15_000;

/** The player spec: after a `lottery` message the result opens 5 seconds later. */
const RESULT_AFTER_MS = 5_000;

/** Sign-in, then back to the lotteries to buy the ticket (return-to.ts). */
const SIGN_IN_HERE = signInPageFrom("/play/instant/lottery");

/**
 * /play/instant/lottery: the open lotteries. Buy Ticket → 'Confirm Purchase' → the ticket; the
 * balance shown drops at once (the answer carries the new balances). Signed out: sign in first.
 */
export function LotteryListPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const notify = useNotice();
  const navigate = useNavigate();
  const { user, applyBalances } = useSession();
  // The page comes rendered by the server with the list in it, for a player and for a visitor
  // (src/prerender.tsx); else the list is read here, and again at once when the page is the one
  // the service worker kept (shown meanwhile).
  const rendered = usePageAnswer<LotteryView[]>(LOTTERY_LIST);
  const [lotteries, setLotteries] = useState<LotteryView[] | null>(rendered ?? null);
  const renderedWithList = rendered !== undefined && !pageAnswersKept();
  const [buying, setBuying] = useState<LotteryView | null>(null);
  const [prizes, setPrizes] = useState<LotteryView | null>(null);
  const [busy, setBusy] = useState(false);
  // The page is prerendered as a visitor sees it (src/prerender.tsx): the session shows once hydrated.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!renderedWithList)
      fetchLotteries().then(setLotteries, () => setLotteries((shown) => shown ?? []));
    // Tickets sold move as others buy: read again now and then while the list is in sight (a
    // lottery's own page watches its room live).
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") fetchLotteries().then(setLotteries, () => {});
    }, LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [renderedWithList]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const openResult = (event: Event) => {
      const { code } = (event as CustomEvent<LotteryMessage>).detail;
      timer = setTimeout(() => navigate(`/play/instant/lottery/${code}`), RESULT_AFTER_MS);
    };
    window.addEventListener(LOTTERY_DRAWN_EVENT, openResult);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(LOTTERY_DRAWN_EVENT, openResult);
    };
  }, [navigate]);

  function startBuying(lottery: LotteryView) {
    if (!user) return navigate(SIGN_IN_HERE);
    setBuying(lottery);
  }

  async function confirm(lottery: LotteryView) {
    setBusy(true);
    try {
      const ticket = await buyTicket(lottery.code);
      applyBalances(ticket);
      setBuying(null);
      // Read again: the cards' tickets sold count this one (and anyone else's meanwhile).
      fetchLotteries().then(setLotteries, () => {});
      notify({
        type: "success",
        title: t("lottery.purchased"),
        message: t("lottery.yourNumber", { number: ticket.myLotteryNumber }),
      });
    } catch (error) {
      setBuying(null);
      if (error instanceof ApiError && error.status === 401) return navigate(SIGN_IN_HERE);
      const reason = error instanceof ApiError ? message(error.message) : t("lottery.anError");
      notify({ type: "danger", title: t("lottery.purchaseFailed", { reason }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h1>{t("lottery.title")}</h1>
      <p className="lottery-lead">{t("lotteryPage.listLead")}</p>
      {user && hydrated && (
        <p className="page-links">
          <Link to="/dashboard/lottery-tickets">{t("lottery.myTickets")}</Link>
        </p>
      )}
      {!lotteries ? (
        <p>{t("common.loading")}</p>
      ) : lotteries.length === 0 ? (
        <p elementtiming={LIST_PAINTED}>
          {t("rounds.noTables", { game: gameTitle(t, "lottery") })}
        </p>
      ) : (
        <ul className="game-cards">
          {lotteries.map((lottery) => (
            <LotteryCard
              key={lottery.code}
              lottery={lottery}
              onBuy={() => startBuying(lottery)}
              onPrizes={() => setPrizes(lottery)}
            />
          ))}
        </ul>
      )}
      {buying && (
        <ConfirmPurchaseDialog
          lottery={buying}
          busy={busy}
          onConfirm={() => void confirm(buying)}
          onCancel={() => setBuying(null)}
        />
      )}
      {prizes && <PrizeListDialog lottery={prizes} onClose={() => setPrizes(null)} />}
    </section>
  );
}
