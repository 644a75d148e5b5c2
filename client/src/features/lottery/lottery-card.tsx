import "./lottery-texts.ts";
import type { LotteryView } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Modal } from "../../components/ui/modal.tsx";
import { useMoney } from "../../lib/site-config.tsx";
import { useMainButton } from "../../lib/telegram/mini-app-port.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { EndsIn } from "./ends-in.tsx";
import { prizeText } from "./ticket-result.tsx";

/** `elementtiming` of the list's cards (or its absence): when the list painted, for field and bench timings. */
export const LIST_PAINTED = "lottery-list";

/** Places after the first that a card names; the prize list shows them all. */
const PRIZES_NAMED = 3;

/**
 * One lottery: what it wins first (the first prize, then the next places), then when it ends
 * (live), tickets sold, the price and out date; Buy Ticket and the prize list; the fairness
 * proof (the seed hash) one tap away.
 */
export function LotteryCard(props: { lottery: LotteryView; onBuy(): void; onPrizes(): void }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const money = useMoney();
  const { lottery } = props;
  const more = lottery.prizeList.slice(1);
  return (
    <li className="card game-card lottery-card" data-lottery={lottery.code}>
      <img className="lottery-banner" src={lottery.image} alt="" loading="lazy" />
      <h2 elementtiming={LIST_PAINTED}>{lottery.title}</h2>
      <p className="lottery-first-prize">
        <span>{t("lotteryCard.firstPrize")}</span>
        <strong>{money(lottery.winAmount)}</strong>
      </p>
      {more.length > 0 && (
        <p className="lottery-more-prizes">
          {more
            .slice(0, PRIZES_NAMED)
            .map((prize) => {
              const place = t("records.place", { count: prize.place, ordinal: true });
              return `${place}: ${prizeText(money, prize)}`;
            })
            .join(" · ")}
          {more.length > PRIZES_NAMED &&
            ` ${t("lotteryCard.morePrizes", { count: more.length - PRIZES_NAMED })}`}
        </p>
      )}
      <dl className="lottery-figures">
        <div>
          <dt>{t("lotteryCard.endsIn")}</dt>
          <dd>
            <EndsIn outDate={lottery.outDate} />
          </dd>
        </div>
        <div>
          <dt>{t("lotteryCard.ticketsSold")}</dt>
          <dd>{lottery.ticketsSold}</dd>
        </div>
        <div>
          <dt>{t("lottery.price")}</dt>
          <dd>{money(lottery.betAmount)}</dd>
        </div>
        <div>
          <dt>{t("lottery.outDate")}</dt>
          {/* In the phone's own time zone: not in the HTML a server rendered (its zone is its own). */}
          <dd>{hydrated && new Date(lottery.outDate).toLocaleString(i18n.language)}</dd>
        </div>
      </dl>
      <div className="card-actions">
        <button type="button" className="button" onClick={props.onBuy}>
          {t("lottery.buyTicket")}
        </button>
        <button type="button" className="button button-secondary" onClick={props.onPrizes}>
          {t("lottery.listOfPrizes")}
        </button>
      </div>
      <details className="lottery-proof">
        <summary>{t("lotteryCard.fairnessProof")}</summary>
        <p>{t("lotteryCard.proofText")}</p>
        <p>
          {t("lottery.commitment")}: <code className="commitment">{lottery.commitment}</code>
        </p>
        <Link to={`/fair?lottery=${lottery.code}`}>{t("lotteryCard.howChecked")}</Link>
      </details>
    </li>
  );
}

/** 'Prize List': each place and what it wins, with Close. */
export function PrizeListDialog({ lottery, onClose }: { lottery: LotteryView; onClose(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Modal title={t("lottery.prizeList")} onClose={onClose}>
      <ol className="prize-list">
        {lottery.prizeList.map((prize) => (
          <li key={prize.place}>{prizeText(money, prize)}</li>
        ))}
      </ol>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("lottery.close")}
        </button>
      </div>
    </Modal>
  );
}

/** 'Confirm Purchase' with Cancel and Confirm. */
export function ConfirmPurchaseDialog(props: {
  lottery: LotteryView;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  useMainButton(t("lottery.buyTicket"), props.onConfirm, {
    enabled: !props.busy,
    busy: props.busy,
  });
  return (
    <Modal title={t("lottery.confirmPurchase")} onClose={props.onCancel}>
      <p>
        {t("lottery.confirmText", {
          title: props.lottery.title,
          price: money(props.lottery.betAmount),
        })}
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          {t("common.cancel")}
        </button>
        <button type="button" className="button" disabled={props.busy} onClick={props.onConfirm}>
          {t("lottery.confirm")}
        </button>
      </div>
    </Modal>
  );
}
